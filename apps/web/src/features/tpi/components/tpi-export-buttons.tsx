import { TPI_PATHS, type TpiFilter } from '@klik/api';
import { ExportButtons } from '../../../shared/ui/export-buttons';
import { tpiExportQuery } from '../derive/tpi-search';

/** CSV and XLSX of the cockpit's lines as filtered and ordered, written by the server. */
export function TpiExportButtons({ filter }: { filter: TpiFilter }) {
  return (
    <ExportButtons
      pathOf={(format) => `${TPI_PATHS.export}${tpiExportQuery(filter, format)}`}
      fallbackName="klik-tpi"
      description="The TPI export"
      testId="tpi-export"
    />
  );
}
