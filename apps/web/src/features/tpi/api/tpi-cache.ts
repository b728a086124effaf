import { TpiCustomerDataSchema, type TpiCustomerData } from '@klik/api';
import { sessionJsonStorage } from '../../../shared/storage/browser-storage';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';

/*
 * A customer's TPI data is kept for the tab's session under tpi_data_{customerId} (spec section
 * 3), like the web's other positions data, so a revisited overview shows figures at once while
 * they are loaded again. A full storage only warns (browser-storage).
 */

export function storeTpiData(data: TpiCustomerData): void {
  sessionJsonStorage.write(STORAGE_KEYS.tpiData(data.customerId), data);
}

export function readTpiData(customerId: number): TpiCustomerData | null {
  const parsed = TpiCustomerDataSchema.safeParse(
    sessionJsonStorage.read(STORAGE_KEYS.tpiData(customerId)),
  );
  return parsed.success ? parsed.data : null;
}

export function dropTpiData(customerId: number): void {
  sessionJsonStorage.remove(STORAGE_KEYS.tpiData(customerId));
}
