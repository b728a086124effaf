import { useState, type FormEvent } from 'react';
import { Alert, Checkbox, Fieldset, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import {
  ApiError,
  type WebhookEndpointView,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@klik/api';
import { failureMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from '../api/webhooks-api';
import { EVENT_TEXTS } from '../derive/event-texts';
import {
  createBodyOf,
  EVENT_GROUPS,
  serverWebhookField,
  updateBodyOf,
  validateWebhookForm,
  webhookFormOf,
  type WebhookField,
  type WebhookFormErrors,
  type WebhookFormValues,
} from '../derive/webhook-form';
import { FormFrame } from './form-frame';

/**
 * Registers an endpoint (answered with its secret, shown by the caller) or changes one: its
 * address, description, event types, and whether it receives.
 */
export function WebhookForm({
  customerId,
  endpoint,
  onCreated,
  onSaved,
  onCancel,
}: {
  customerId: number;
  /** The endpoint being changed; none for a new one. */
  endpoint: WebhookEndpointView | null;
  onCreated: (endpoint: WebhookEndpointWithSecret) => void;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const create = useCreateWebhookEndpoint(customerId);
  const update = useUpdateWebhookEndpoint(customerId);
  const [values, setValues] = useState<WebhookFormValues>(() => webhookFormOf(endpoint));
  const [errors, setErrors] = useState<WebhookFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const set = <F extends keyof WebhookFormValues>(field: F, value: WebhookFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field !== 'enabled') setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const errorOf = (field: WebhookField) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };
  const onError = (error: unknown) => {
    const details =
      error instanceof ApiError
        ? (error.body as { details?: { field?: unknown; reason?: unknown } } | undefined)?.details
        : undefined;
    const field = error instanceof ApiError ? serverWebhookField(error.code, details) : null;
    if (field) setErrors((current) => ({ ...current, [field.field]: field.message }));
    else setFailure(t(failureMessageKey(error)));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateWebhookForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (endpoint) {
      update.mutate(
        { endpointId: endpoint.id, body: updateBodyOf(values) },
        { onSuccess: onSaved, onError },
      );
    } else {
      create.mutate(createBodyOf(values), { onSuccess: onCreated, onError });
    }
  };

  // Each group's checkboxes change that group's types; the others stay as chosen.
  const chooseInGroup = (groupTypes: readonly WebhookEventType[], chosen: string[]) =>
    set('eventTypes', [
      ...values.eventTypes.filter((type) => !groupTypes.includes(type)),
      ...groupTypes.filter((type) => chosen.includes(type)),
    ]);

  return (
    <FormFrame
      name="webhook"
      title={endpoint ? t('integrations.webhooks.editTitle') : t('integrations.webhooks.newTitle')}
      failure={failure && t('integrations.webhooks.saveFailed', { reason: failure })}
      onSubmit={submit}
      onCancel={onCancel}
      submitLabel={endpoint ? t('integrations.webhooks.save') : t('integrations.webhooks.create')}
      pending={create.isPending || update.isPending}
    >
      <TextInput
        label={t('integrations.webhooks.field.url')}
        description={t('integrations.webhooks.field.urlHint')}
        type="url"
        maw={{ base: '100%', sm: 560 }}
        value={values.url}
        error={errorOf('url')}
        onChange={(event) => set('url', event.currentTarget.value)}
        data-testid="webhook-url"
      />
      <TextInput
        label={t('integrations.webhooks.field.description')}
        maw={{ base: '100%', sm: 560 }}
        value={values.description}
        error={errorOf('description')}
        onChange={(event) => set('description', event.currentTarget.value)}
        data-testid="webhook-description"
      />
      <Fieldset legend={t('integrations.webhooks.field.eventTypes')} data-testid="webhook-events">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {EVENT_GROUPS.map((group) => (
            <Checkbox.Group
              key={group.label}
              label={t(group.label)}
              value={values.eventTypes.filter((type) => group.types.includes(type))}
              onChange={(chosen) => chooseInGroup(group.types, chosen)}
            >
              <Stack gap={6} mt={6}>
                {group.types.map((type) => (
                  <Checkbox
                    key={type}
                    value={type}
                    label={t(EVENT_TEXTS[type])}
                    description={type}
                    data-testid={`webhook-event-${type}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          ))}
        </SimpleGrid>
        {errors.eventTypes && (
          <Alert color="red" role="alert" mt="sm" data-testid="webhook-events-error">
            {t(errors.eventTypes)}
          </Alert>
        )}
      </Fieldset>
      {endpoint && (
        <Switch
          label={t('integrations.webhooks.field.enabled')}
          description={t('integrations.webhooks.field.enabledHint')}
          checked={values.enabled}
          onChange={(event) => set('enabled', event.currentTarget.checked)}
          data-testid="webhook-enabled"
        />
      )}
    </FormFrame>
  );
}
