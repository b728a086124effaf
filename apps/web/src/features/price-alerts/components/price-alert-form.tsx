import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ApiError, type PriceAlertOptions, type PriceAlertView } from '@klik/api';
import { MATURITIES } from '@klik/domain';
import { errorMessageKey, errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { useSavePriceAlert } from '../api/price-alerts-api';
import {
  draftOf,
  emptyForm,
  formOf,
  serverFieldError,
  validateAlertForm,
  type AlertField,
  type AlertFormErrors,
  type AlertFormValues,
} from '../derive/alert-form';

interface PriceAlertFormProps {
  customerId: number;
  options: PriceAlertOptions;
  /** The alert being changed; none for a new one. */
  alert: PriceAlertView | null;
  ownUserId: number | null;
  today: string;
  onDone: () => void;
  onCancel: () => void;
  /** Someone else saved or deleted first: load the newest version. */
  onReload: () => void;
}

/** Creates or changes one price alert; every field says beside it what is wrong (spec section 5). */
export function PriceAlertForm({
  customerId,
  options,
  alert,
  ownUserId,
  today,
  onDone,
  onCancel,
  onReload,
}: PriceAlertFormProps) {
  const t = useT();
  const save = useSavePriceAlert(customerId);
  const [values, setValues] = useState<AlertFormValues>(() =>
    alert ? formOf(alert) : emptyForm(ownUserId, options.recipients),
  );
  const [errors, setErrors] = useState<AlertFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const contract = options.contracts.find((candidate) => String(candidate.id) === values.contract);

  const set = (field: AlertField, value: string | string[]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const errorOf = (field: AlertField) => {
    const code = errors[field];
    return code ? t(errorMessageKey(code)) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateAlertForm(values, options, today);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: alert?.id, version: alert?.version, draft: draftOf(values, options) },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'VERSION_CONFLICT') {
            setConflict(true);
            return;
          }
          const body =
            error instanceof ApiError
              ? (error.body as { details?: { field?: unknown } })
              : undefined;
          const field =
            error instanceof ApiError ? serverFieldError(error.code, body?.details?.field) : null;
          if (field) {
            setErrors((current) => ({ ...current, [field.field]: field.code }));
            return;
          }
          setFailure(t(errorMessageKeyFor(error instanceof ApiError ? error.code : 'INTERNAL')));
        },
      },
    );
  };

  const choose = { value: '', label: t('priceAlerts.choose') };
  return (
    <form
      onSubmit={submit}
      noValidate
      data-testid="price-alert-form"
      aria-labelledby="price-alert-form-title"
    >
      <Stack>
        <Title order={2} id="price-alert-form-title">
          {alert ? t('priceAlerts.editTitle') : t('priceAlerts.newTitle')}
        </Title>
        {conflict && (
          <Alert color="orange" role="alert" data-testid="price-alert-conflict">
            <Group gap="sm">
              <Text size="sm">{t('priceAlerts.conflict')}</Text>
              <Button size="xs" onClick={onReload}>
                {t('priceAlerts.reload')}
              </Button>
            </Group>
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert" data-testid="price-alert-failure">
            {t('priceAlerts.saveFailed', { reason: failure })}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t('priceAlerts.field.contract')}
            data-testid="alert-contract"
            value={values.contract}
            error={errorOf('contract')}
            onChange={(event) => {
              set('contract', event.currentTarget.value);
              set('yearOfSupply', '');
              set('part', '');
            }}
            data={[
              choose,
              ...options.contracts.map((option) => ({
                value: String(option.id),
                label: option.contractId,
              })),
            ]}
          />
          {contract?.commodity === 'Power' && (
            <NativeSelect
              label={t('priceAlerts.field.part')}
              data-testid="alert-part"
              value={values.part}
              error={errorOf('part')}
              onChange={(event) => set('part', event.currentTarget.value)}
              data={[
                choose,
                { value: 'Peak', label: t('priceAlerts.part.Peak') },
                { value: 'OffPeak', label: t('priceAlerts.part.OffPeak') },
              ]}
            />
          )}
          <NativeSelect
            label={t('priceAlerts.field.year')}
            data-testid="alert-year"
            value={values.yearOfSupply}
            error={errorOf('yearOfSupply')}
            onChange={(event) => set('yearOfSupply', event.currentTarget.value)}
            data={[
              choose,
              ...(contract?.yearsOfSupply ?? []).map((year) => ({
                value: String(year),
                label: String(year),
              })),
            ]}
          />
          <NativeSelect
            label={t('priceAlerts.field.maturity')}
            data-testid="alert-maturity"
            value={values.maturity}
            error={errorOf('maturity')}
            onChange={(event) => set('maturity', event.currentTarget.value)}
            data={[choose, ...MATURITIES.map((maturity) => ({ value: maturity, label: maturity }))]}
          />
          <NativeSelect
            label={t('priceAlerts.field.market')}
            data-testid="alert-market"
            value={values.market}
            error={errorOf('market')}
            onChange={(event) => set('market', event.currentTarget.value)}
            data={[
              { value: 'OTC', label: t('priceAlerts.market.OTC') },
              { value: 'ICE', label: t('priceAlerts.market.ICE') },
            ]}
          />
          <NativeSelect
            label={t('priceAlerts.field.direction')}
            data-testid="alert-direction"
            value={values.direction}
            error={errorOf('direction')}
            onChange={(event) => set('direction', event.currentTarget.value)}
            data={[
              choose,
              { value: 'EQUAL_OR_LOWER', label: t('priceAlerts.direction.EQUAL_OR_LOWER') },
              { value: 'EQUAL_OR_HIGHER', label: t('priceAlerts.direction.EQUAL_OR_HIGHER') },
            ]}
          />
          <TextInput
            label={t('priceAlerts.field.price')}
            description={t('priceAlerts.field.priceHint')}
            data-testid="alert-price"
            inputMode="decimal"
            value={values.price}
            error={errorOf('price')}
            onChange={(event) => set('price', event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('priceAlerts.field.expiresOn')}
            data-testid="alert-expires"
            min={today}
            value={values.expiresOn}
            error={errorOf('expiresOn')}
            onChange={(event) => set('expiresOn', event.currentTarget.value)}
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t('priceAlerts.field.recipients')}
          value={values.recipients}
          onChange={(next) => set('recipients', next)}
          error={errorOf('recipients')}
          data-testid="alert-recipients"
        >
          <Group mt="xs">
            {options.recipients.map((user) => (
              <Checkbox key={user.id} value={String(user.id)} label={user.name} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="alert-save">
            {t('priceAlerts.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
