import { Text } from '@mantine/core';
import { HISTORY_IMPORT_MAX_BYTES, HISTORY_IMPORT_MAX_ROWS } from '@klik/api';
import { useT } from '../../../../shared/i18n/use-t';

const ACCEPT = ['.csv', 'text/csv'].join(',');

/** A native file input: reachable by Tab and opened with Enter or Space in every browser. */
export function HistoryFileField({
  onFile,
  disabled,
}: {
  onFile: (file: File | null) => void;
  disabled: boolean;
}) {
  const t = useT();
  return (
    <label className="klik-file-field">
      <Text size="sm" fw={500} component="span" display="block">
        {t('priceHistory.import.file')}
      </Text>
      <Text size="xs" c="dimmed" component="span" display="block" id="price-history-file-hint">
        {t('priceHistory.import.fileHint', {
          megabytes: HISTORY_IMPORT_MAX_BYTES / (1024 * 1024),
          rows: HISTORY_IMPORT_MAX_ROWS,
        })}
      </Text>
      <input
        type="file"
        accept={ACCEPT}
        disabled={disabled}
        aria-describedby="price-history-file-hint"
        data-testid="price-history-file"
        onChange={(event) => onFile(event.currentTarget.files?.[0] ?? null)}
      />
    </label>
  );
}
