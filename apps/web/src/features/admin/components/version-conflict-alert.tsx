import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useT } from '../../../shared/i18n/use-t';

/**
 * Someone else saved first (VERSION_CONFLICT): what was typed stays, and the newest version can be
 * loaded keeping it (to save again on top) or dropping it.
 */
export function VersionConflictAlert({
  reloading,
  onReload,
  message = 'error.versionConflict',
}: {
  reloading: boolean;
  onReload: (keepTyped: boolean) => void;
  /** What was changed, when the screen can say it better than "this". */
  message?: MessageKey;
}) {
  const t = useT();
  return (
    <Alert color="orange" role="alert" data-testid="version-conflict">
      <Stack gap="xs">
        <Text size="sm">{t(message)}</Text>
        <Text size="sm">{t('admin.user.conflictKept')}</Text>
        <Group gap="xs">
          <Button
            size="xs"
            loading={reloading}
            onClick={() => onReload(true)}
            data-testid="reload-keep"
          >
            {t('admin.user.reloadKeep')}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={reloading}
            onClick={() => onReload(false)}
            data-testid="reload-discard"
          >
            {t('admin.user.reloadDiscard')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** After a reload: what someone else changed (by the fields' labels), to check before saving. */
export function ReloadedAlert({ changed }: { changed: readonly string[] }) {
  const t = useT();
  return (
    <Alert color="blue" role="status" data-testid="others-changed">
      {changed.length === 0
        ? t('admin.user.reloadedSame')
        : t('admin.user.reloadedChanged', { fields: changed.join(', ') })}
    </Alert>
  );
}
