import { useState, type FormEvent } from 'react';
import { Checkbox, Stack, Textarea, TextInput } from '@mantine/core';
import { API_SCOPES, ApiError, type ApiClientWithSecret, type ApiScope } from '@klik/api';
import { errorMessageKey, failureMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { useCreateApiClient } from '../api/api-clients-api';
import {
  apiClientBodyOf,
  EMPTY_API_CLIENT_FORM,
  serverField,
  validateApiClientForm,
  type ApiClientField,
  type ApiClientFormErrors,
  type ApiClientFormValues,
} from '../derive/api-client-form';
import { changesData, SCOPE_TEXTS } from '../derive/scope-texts';
import { FormFrame } from './form-frame';

/** Creates an API client; each message stands at its field, the server's as well as our own. */
export function ApiClientForm({
  customerId,
  today,
  onCreated,
  onCancel,
}: {
  customerId: number;
  today: string;
  onCreated: (client: ApiClientWithSecret) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const create = useCreateApiClient(customerId);
  const [values, setValues] = useState<ApiClientFormValues>(EMPTY_API_CLIENT_FORM);
  const [errors, setErrors] = useState<ApiClientFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const set = <F extends ApiClientField>(field: F, value: ApiClientFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const errorOf = (field: ApiClientField) => {
    const code = errors[field];
    return code ? t(errorMessageKey(code)) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateApiClientForm(values, today);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(apiClientBodyOf(values), {
      onSuccess: onCreated,
      onError: (error) => {
        const details =
          error instanceof ApiError
            ? (error.body as { details?: { field?: unknown } } | undefined)?.details
            : undefined;
        const field = error instanceof ApiError ? serverField(error.code, details?.field) : null;
        if (field) setErrors((current) => ({ ...current, [field.field]: field.code }));
        else setFailure(t(failureMessageKey(error)));
      },
    });
  };

  return (
    <FormFrame
      name="api-client"
      title={t('integrations.clients.newTitle')}
      failure={failure && t('integrations.clients.createFailed', { reason: failure })}
      onSubmit={submit}
      onCancel={onCancel}
      submitLabel={t('integrations.clients.create')}
      pending={create.isPending}
    >
      <TextInput
        label={t('integrations.clients.field.name')}
        description={t('integrations.clients.field.nameHint')}
        maw={{ base: '100%', sm: 420 }}
        value={values.name}
        error={errorOf('name')}
        onChange={(event) => set('name', event.currentTarget.value)}
        data-testid="api-client-name"
      />
      <Checkbox.Group
        label={t('integrations.clients.field.scopes')}
        description={t('integrations.clients.field.scopesHint')}
        value={values.scopes}
        onChange={(next) => set('scopes', next as ApiScope[])}
        error={errorOf('scopes')}
        data-testid="api-client-scopes"
      >
        <Stack gap="xs" mt="xs">
          {API_SCOPES.map((scope) => (
            <Checkbox
              key={scope}
              value={scope}
              label={t(SCOPE_TEXTS[scope])}
              description={
                changesData(scope) ? t('integrations.clients.scopeWrites', { scope }) : scope
              }
              data-testid={`api-client-scope-${scope}`}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Textarea
        label={t('integrations.clients.field.ipAllowList')}
        description={t('integrations.clients.field.ipAllowListHint')}
        // Not autosize: its measuring breaks outside a real browser, and three lines suffice.
        rows={3}
        maw={{ base: '100%', sm: 420 }}
        value={values.ipAllowList}
        error={errorOf('ipAllowList')}
        onChange={(event) => set('ipAllowList', event.currentTarget.value)}
        data-testid="api-client-ips"
      />
      <TextInput
        type="date"
        label={t('integrations.clients.field.expiresOn')}
        description={t('integrations.clients.field.expiresOnHint')}
        maw={{ base: '100%', sm: 260 }}
        min={today}
        value={values.expiresOn}
        error={errorOf('expiresOn')}
        onChange={(event) => set('expiresOn', event.currentTarget.value)}
        data-testid="api-client-expires"
      />
    </FormFrame>
  );
}
