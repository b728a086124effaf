import type { ReactNode } from 'react';
import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { IdParamSchema } from '@klik/api';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { LoadFailed, Loading } from '../../../shared/ui/load-states';
import { errorCodeOf } from '../derive/form-failure';

/** Router state with which a create screen says the record it opens was just made. */
export interface CreatedState {
  created: true;
}

export function isCreated(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'created' in state;
}

/** The kinds of record with an edit screen; each has its words under `admin.${kind}.`. */
export type EditedKind = 'user' | 'consultant' | 'customer';

/** The record id in the address (`:name`), or null when it cannot be one. */
export function useIdParam(name: string): number | null {
  const parsed = IdParamSchema.safeParse(useParams()[name] ?? '');
  return parsed.success ? parsed.data : null;
}

/**
 * The frame of an edit screen (`screen-edit${kind}`): the way back to its list, the record's name
 * as heading, and until the record is there an id that cannot exist, the loading spinner, or why
 * loading failed with a retry (`${kind}-error`). `children` follow.
 */
export function RecordEditFrame({
  kind,
  back,
  found,
  query,
  children,
}: {
  kind: EditedKind;
  back: string;
  /** False when the address holds no valid id: nothing is asked of the server. */
  found: boolean;
  query: UseQueryResult<{ name: string }>;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Stack data-testid={`screen-edit${kind}`}>
      <Anchor component={Link} to={back} size="sm">
        {t(`admin.${kind}.backToList`)}
      </Anchor>
      <Title order={1}>{query.data ? query.data.name : t(`admin.${kind}.title`)}</Title>
      {!found && <Alert color="red">{t('error.notFound')}</Alert>}
      {found && query.isPending && <Loading text={t(`admin.${kind}.loading`)} />}
      {found && query.isError && !query.data && (
        <LoadFailed
          text={t(`admin.${kind}.loadFailed`, {
            reason: t(errorMessageKey(errorCodeOf(query.error))),
          })}
          onRetry={() => void query.refetch()}
          testId={`${kind}-error`}
        />
      )}
      {children}
    </Stack>
  );
}
