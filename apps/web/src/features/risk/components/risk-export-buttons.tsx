import { RISK_PATHS, pathTo } from '@klik/api';
import { useLocale } from '../../../shared/i18n/use-locale';
import { ExportButtons } from '../../../shared/ui/export-buttons';

/** CSV and XLSX of the customer's risk figures, written by the server in the user's language. */
export function RiskExportButtons({ customerId }: { customerId: number }) {
  const locale = useLocale();
  return (
    <ExportButtons
      pathOf={(format) =>
        `${pathTo(RISK_PATHS.export, { customerId })}?format=${format}&locale=${locale}`
      }
      fallbackName="klik-risk"
      description="The risk export"
      testId="risk-export"
    />
  );
}
