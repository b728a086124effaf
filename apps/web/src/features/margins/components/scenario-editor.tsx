import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { ApiError, type ScenarioDetail } from '@klik/api';
import { amsterdamDate } from '@klik/domain';
import { formatDateTime } from '../../../shared/format/format-numbers';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { useCreateScenario, useSaveScenario } from '../api/margins-api';
import {
  draftBody,
  editDraftOf,
  effectiveInstant,
  type EditDraft,
  type FieldId,
} from '../derive/margin-draft';
import { AssignmentPanel } from './assignment-panel';
import { MarginGrid } from './margin-grid';
import { PreviewPanel } from './preview-panel';

/**
 * One scenario (or a new one): name, validity, grid; saving makes a new version that prices new
 * quotes from now on or from a chosen later time, never quotes already made. Below: its assignments, the preview of the
 * edited grid, and its versions.
 */
export function ScenarioEditor({
  detail,
  onCreated,
}: {
  detail: ScenarioDetail | null;
  onCreated: (scenarioId: number) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [edit, setEdit] = useState<EditDraft>(() =>
    editDraftOf(detail?.current ?? null, amsterdamDate(new Date())),
  );
  const [invalid, setInvalid] = useState<ReadonlySet<FieldId>>(new Set());
  // Amsterdam wall-clock time the saved version takes effect; empty: at once.
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [effectiveInvalid, setEffectiveInvalid] = useState(false);
  const [saved, setSaved] = useState<{ version: number; effectiveAt: string | null } | null>(null);
  const create = useCreateScenario();
  const save = useSaveScenario(detail?.current.scenarioId ?? 0);
  const mutation = detail ? save : create;

  function change(next: Partial<EditDraft>) {
    setEdit({ ...edit, ...next });
    setSaved(null);
  }

  function validDraft() {
    const body = draftBody(edit);
    setInvalid(new Set(body.ok ? [] : body.invalid));
    return body.ok ? body.draft : null;
  }

  function submit() {
    const draft = validDraft();
    const effective = effectiveInstant(effectiveFrom, new Date());
    setEffectiveInvalid(!effective.ok);
    if (draft === null || !effective.ok) return;
    if (detail) {
      const { effectiveAt } = effective;
      save.mutate(
        { version: detail.current.version, draft, ...(effectiveAt ? { effectiveAt } : {}) },
        {
          onSuccess: (next) => {
            setSaved({ version: next.current.version, effectiveAt });
            setEffectiveFrom('');
          },
        },
      );
    } else {
      create.mutate(draft, { onSuccess: (created) => onCreated(created.current.scenarioId) });
    }
  }

  const errorCode = mutation.error instanceof ApiError ? mutation.error.code : null;
  return (
    <Stack gap="md" data-testid="scenario-editor">
      <Title order={2}>
        {detail
          ? t('margins.editor.titleOf', {
              name: detail.current.name,
              version: detail.current.version,
            })
          : t('margins.editor.new')}
      </Title>
      <Group align="flex-start">
        <TextInput
          label={t('margins.editor.name')}
          value={edit.name}
          error={invalid.has('name') ? t('margins.editor.nameRequired') : undefined}
          onChange={(event) => change({ name: event.currentTarget.value })}
          w={320}
          data-testid="scenario-name"
        />
        <TextInput
          type="date"
          label={t('margins.editor.validFrom')}
          value={edit.validFrom}
          error={invalid.has('validFrom') ? t('margins.editor.dayInvalid') : undefined}
          onChange={(event) => change({ validFrom: event.currentTarget.value })}
          data-testid="scenario-valid-from"
        />
        <TextInput
          type="date"
          label={t('margins.editor.validUntil')}
          description={t('margins.editor.validUntilHint')}
          value={edit.validUntil}
          error={invalid.has('validUntil') ? t('margins.editor.untilInvalid') : undefined}
          onChange={(event) => change({ validUntil: event.currentTarget.value })}
          data-testid="scenario-valid-until"
        />
      </Group>
      <Text size="sm">{t('margins.editor.gridIntro')}</Text>
      <MarginGrid lines={edit.lines} invalid={invalid} onChange={(lines) => change({ lines })} />
      {(invalid.size > 0 || effectiveInvalid) && (
        <Alert color="red" role="alert">
          {t('margins.editor.fixFields')}
        </Alert>
      )}
      {errorCode && (
        <Alert color="red" role="alert" data-testid="scenario-save-error">
          {t(
            errorCode === 'VERSION_CONFLICT'
              ? 'margins.editor.conflict'
              : errorMessageKeyFor(errorCode),
          )}
        </Alert>
      )}
      {saved && (
        <Text size="sm" role="status" data-testid="scenario-saved">
          {saved.effectiveAt
            ? t('margins.editor.savedFrom', {
                version: saved.version,
                at: formatDateTime(saved.effectiveAt, locale),
              })
            : t('margins.editor.saved', { version: saved.version })}
        </Text>
      )}
      {detail && (
        <TextInput
          type="datetime-local"
          label={t('margins.editor.effectiveFrom')}
          description={t('margins.editor.effectiveFromHint')}
          value={effectiveFrom}
          error={effectiveInvalid ? t('margins.editor.effectiveFromPast') : undefined}
          onChange={(event) => {
            setEffectiveFrom(event.currentTarget.value);
            setSaved(null);
          }}
          w={320}
          data-testid="scenario-effective-from"
        />
      )}
      <Group>
        <Button
          variant="default"
          onClick={submit}
          loading={mutation.isPending}
          data-testid="save-scenario"
        >
          {detail ? t('margins.editor.save') : t('margins.editor.create')}
        </Button>
        <Text size="xs">{t('margins.editor.effectHint')}</Text>
      </Group>
      <PreviewPanel draftOf={validDraft} />
      {detail && <AssignmentPanel key={detail.current.version} detail={detail} />}
      {detail && (
        <Stack gap={4} data-testid="scenario-versions">
          <Title order={3}>{t('margins.versions.title')}</Title>
          {detail.versions.map((version) => (
            <Text size="sm" key={version.version}>
              {t('margins.versions.line', {
                version: version.version,
                at: formatDateTime(version.effectiveAt, locale),
                by: version.createdBy ?? '—',
              })}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
