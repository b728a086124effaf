import { addCatalogue, catalogueOf } from '../shared/i18n/catalogues';
import nl from '../shared/i18n/messages/nl.json';
import en from '../shared/i18n/messages/en.json';

/** Both whole catalogues, for tests that read messages (the portal loads one locale at a time). */
export const catalogues = { nl: catalogueOf('nl', nl), en: catalogueOf('en', en) };

/** Makes both catalogues loaded, so a test renders in either language at once. */
export function addBothCatalogues(): void {
  addCatalogue('nl', nl);
  addCatalogue('en', en);
}
