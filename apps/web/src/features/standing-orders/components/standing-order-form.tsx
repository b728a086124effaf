import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ApiError, type PlaceStandingOrderBody, type StandingOrder } from '@klik/api';
import { MATURITIES, type Maturity } from '@klik/domain';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { LoadFailed, Loading } from '../../../shared/ui/load-states';
import {
  useOrderContracts,
  useOrderTerms,
  usePlaceStandingOrder,
  useSendOrderSms,
} from '../api/standing-orders-api';

// What the server accepts (packages/api standing-orders.schemas.ts), checked before sending.
const PRICE = /^\d{1,8}([.,]\d{1,4})?$/;
const PERCENTAGE = /^\d{1,3}([.,]\d{1,2})?$/;

const plain = (value: string) => value.trim().replace(',', '.');

interface Draft {
  contractId: string;
  year: string;
  maturity: Maturity;
  percentage: string;
  kind: 'limit' | 'stop' | 'both';
  limit: string;
  stop: string;
  validUntil: string;
}

/** Checks a draft as the server will; answers the catalogue key of the first problem. */
export function draftProblem(draft: Draft): MessageKey | null {
  if (!draft.contractId || !draft.year) return 'standingOrders.form.positionRequired';
  const share = plain(draft.percentage);
  if (!PERCENTAGE.test(share) || Number(share) <= 0 || Number(share) > 100) {
    return 'standingOrders.form.percentageInvalid';
  }
  const wantsLimit = draft.kind !== 'stop';
  const wantsStop = draft.kind !== 'limit';
  for (const [wanted, value] of [
    [wantsLimit, draft.limit],
    [wantsStop, draft.stop],
  ] as const) {
    if (wanted && (!PRICE.test(plain(value)) || Number(plain(value)) <= 0)) {
      return 'standingOrders.form.priceInvalid';
    }
  }
  if (wantsLimit && wantsStop && Number(plain(draft.limit)) >= Number(plain(draft.stop))) {
    return 'standingOrders.form.limitBelowStop';
  }
  return null;
}

/** Places an order on a position of the selected customer; terms and SMS as the server asks. */
export function StandingOrderForm({
  customerId,
  onPlaced,
}: {
  customerId: number;
  onPlaced: (order: StandingOrder) => void;
}) {
  const t = useT();
  const contracts = useOrderContracts(customerId);
  const terms = useOrderTerms(customerId);
  const place = usePlaceStandingOrder();
  const sendSms = useSendOrderSms(customerId);
  const [draft, setDraft] = useState<Draft>({
    contractId: '',
    year: '',
    maturity: 'Q1',
    percentage: '25',
    kind: 'limit',
    limit: '',
    stop: '',
    validUntil: '',
  });
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [smsNeeded, setSmsNeeded] = useState(false);
  const [smsCode, setSmsCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const list = contracts.data ?? [];
  const contract = list.find((candidate) => candidate.contractId === draft.contractId) ?? list[0];
  const contractId = draft.contractId || contract?.contractId || '';
  const year = draft.year || String(contract?.yearsOfSupply[0] ?? '');
  const termsToAccept = terms.data && !terms.data.accepted ? terms.data : null;
  const edit = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const full = { ...draft, contractId, year };
    const key = draftProblem(full);
    if (key) {
      setProblem(t(key));
      return;
    }
    if (termsToAccept && !acceptTerms) {
      setProblem(t('standingOrders.form.termsRequired'));
      return;
    }
    setProblem(null);
    const body: PlaceStandingOrderBody = {
      customerId,
      contractId,
      yearOfSupply: Number(year),
      maturity: draft.maturity,
      market: 'OTC',
      percentage: plain(draft.percentage),
      limitPrice: draft.kind === 'stop' ? null : plain(draft.limit),
      stopPrice: draft.kind === 'limit' ? null : plain(draft.stop),
      ...(draft.validUntil ? { validUntil: draft.validUntil } : {}),
      ...(termsToAccept ? { acceptedTermsVersion: termsToAccept.version } : {}),
      ...(smsNeeded && smsCode ? { smsCode: smsCode.trim() } : {}),
    };
    place.mutate(body, {
      onSuccess: (order) => {
        setSmsCode('');
        setSmsNeeded(false);
        onPlaced(order);
      },
      onError: (error) => {
        const code = error instanceof ApiError ? error.code : 'INTERNAL';
        if (code === 'SMS_REQUIRED') setSmsNeeded(true);
        setProblem(t(errorMessageKeyFor(code)));
      },
    });
  };

  if (contracts.isPending) return <Loading text={t('standingOrders.form.loading')} />;
  if (contracts.isError) {
    return (
      <LoadFailed
        text={t('standingOrders.form.loadFailed')}
        onRetry={() => void contracts.refetch()}
      />
    );
  }
  if (list.length === 0) {
    return <Text size="sm">{t('standingOrders.form.noContracts')}</Text>;
  }
  return (
    <form onSubmit={submit} noValidate aria-labelledby="standing-order-form-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="standing-order-form-title">
          {t('standingOrders.form.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('standingOrders.form.explain')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect
            label={t('standingOrders.form.contract')}
            value={contractId}
            data-testid="standing-order-contract"
            data={list.map((item) => ({
              value: item.contractId,
              label: `${item.contractId} (${item.product})`,
            }))}
            onChange={(event) => edit({ contractId: event.currentTarget.value, year: '' })}
          />
          <NativeSelect
            label={t('standingOrders.form.year')}
            value={year}
            data-testid="standing-order-year"
            data={(contract?.yearsOfSupply ?? []).map((value) => String(value))}
            onChange={(event) => edit({ year: event.currentTarget.value })}
          />
          <NativeSelect
            label={t('standingOrders.form.maturity')}
            value={draft.maturity}
            data-testid="standing-order-maturity"
            data={[...MATURITIES]}
            onChange={(event) => edit({ maturity: event.currentTarget.value as Maturity })}
          />
        </SimpleGrid>
        <SegmentedControl
          aria-label={t('standingOrders.form.kind')}
          value={draft.kind}
          onChange={(value) => edit({ kind: value as Draft['kind'] })}
          data={[
            { value: 'limit', label: t('standingOrders.form.kindLimit') },
            { value: 'stop', label: t('standingOrders.form.kindStop') },
            { value: 'both', label: t('standingOrders.form.kindBoth') },
          ]}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('standingOrders.form.percentage')}
            description={t('standingOrders.form.percentageHelp')}
            inputMode="decimal"
            value={draft.percentage}
            data-testid="standing-order-percentage"
            onChange={(event) => edit({ percentage: event.currentTarget.value })}
          />
          {draft.kind !== 'stop' && (
            <TextInput
              label={t('standingOrders.form.limit')}
              description={t('standingOrders.form.limitHelp')}
              inputMode="decimal"
              value={draft.limit}
              data-testid="standing-order-limit"
              onChange={(event) => edit({ limit: event.currentTarget.value })}
            />
          )}
          {draft.kind !== 'limit' && (
            <TextInput
              label={t('standingOrders.form.stop')}
              description={t('standingOrders.form.stopHelp')}
              inputMode="decimal"
              value={draft.stop}
              data-testid="standing-order-stop"
              onChange={(event) => edit({ stop: event.currentTarget.value })}
            />
          )}
          <TextInput
            type="date"
            label={t('standingOrders.form.validUntil')}
            description={t('standingOrders.form.validUntilHelp')}
            value={draft.validUntil}
            data-testid="standing-order-valid-until"
            onChange={(event) => edit({ validUntil: event.currentTarget.value })}
          />
        </SimpleGrid>
        {termsToAccept && (
          <Checkbox
            checked={acceptTerms}
            onChange={(event) => setAcceptTerms(event.currentTarget.checked)}
            label={t('standingOrders.form.acceptTerms', { version: termsToAccept.version })}
            data-testid="standing-order-terms"
          />
        )}
        {smsNeeded && (
          <Group align="end">
            <Button
              variant="default"
              onClick={() => sendSms.mutate()}
              loading={sendSms.isPending}
              data-testid="standing-order-send-sms"
            >
              {t('standingOrders.form.sendSms')}
            </Button>
            <TextInput
              label={t('standingOrders.form.smsCode')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              value={smsCode}
              data-testid="standing-order-sms-code"
              onChange={(event) => setSmsCode(event.currentTarget.value)}
            />
            {sendSms.data && (
              <Text size="sm" role="status">
                {t('standingOrders.form.smsSent', { to: sendSms.data.sentTo })}
              </Text>
            )}
          </Group>
        )}
        {problem && (
          <Alert color="red" role="alert" data-testid="standing-order-problem">
            {problem}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={place.isPending} data-testid="standing-order-place">
            {t('standingOrders.form.place')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
