import { Text } from '@mantine/core';
import {
  CONTRACT_IMPORT_MAX_BYTES,
  CONTRACT_IMPORT_MAX_ROWS,
  CONTRACT_IMPORT_MEDIA_TYPES,
} from '@klik/api';
import { useT } from '../../../../shared/i18n/use-t';

const ACCEPT = [
  '.csv',
  '.xlsx',
  CONTRACT_IMPORT_MEDIA_TYPES.csv,
  CONTRACT_IMPORT_MEDIA_TYPES.xlsx,
].join(',');

/** A native file input: reachable by Tab and opened with Enter or Space in every browser. */
export function ImportFileField({
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
        {t('contracts.import.file')}
      </Text>
      <Text size="xs" c="dimmed" component="span" display="block" id="contract-import-file-hint">
        {t('contracts.import.fileHint', {
          megabytes: CONTRACT_IMPORT_MAX_BYTES / (1024 * 1024),
          rows: CONTRACT_IMPORT_MAX_ROWS,
        })}
      </Text>
      <input
        type="file"
        accept={ACCEPT}
        disabled={disabled}
        aria-describedby="contract-import-file-hint"
        data-testid="contract-import-file"
        onChange={(event) => onFile(event.currentTarget.files?.[0] ?? null)}
      />
    </label>
  );
}
