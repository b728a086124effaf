import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import type { ErrorCode, Quote } from '@klik/api';
import type { ContractPartName } from '@klik/domain';
import { useApiClient } from '../../../shared/api/use-api-client';
import { formatVolume } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import { useNow } from '../../../shared/time/use-now';
import { useRealtimeEvents } from '../../../shared/websocket/realtime-context';
import { recordPurchase } from '../after-purchase';
import { clickEffectRequest } from '../../../shared/api/click-effect';
import { executePurchase, purchaseQueryKeys, requestQuote, useClick } from '../api/purchase-api';
import { ClickEffectPanel } from '../components/click-effect-panel';
import { PositionHeader } from '../components/position-header';
import { PriceTable } from '../components/price-table';
import { PurchaseResult } from '../components/purchase-result';
import { partKey } from '../../../shared/i18n/domain-labels';
import { priceSourceKey } from '../components/purchase-labels';
import { QuoteCountdown } from '../components/quote-countdown';
import {
  isSixDigits,
  NO_SMS,
  SmsVerification,
  type SmsState,
} from '../components/sms-verification';
import { TermsAcceptance } from '../components/terms-acceptance';
import { Disclaimer } from '../../../shared/ui/disclaimer';
import { secondsLeft } from '../derive/countdown';
import {
  purchaseDraftValue,
  quoteDeadline,
  shareOf,
  withQuote,
  type PurchaseDraft,
} from '../purchase-draft';
import {
  errorCodeOf,
  isNetworkFailure,
  isOutcomeUnknown,
  purchaseErrorText,
  type ErrorText,
} from '../purchase-errors';
import { PURCHASE_PATHS_WEB } from '../purchase-paths';
import { usePurchaseDraft } from './purchase-flow-layout';

/** Clicks that have not ended are followed: the websocket says when, a slow poll is the net. */
const FOLLOW_INTERVAL_MS = 5000;

function Result({ clickId }: { clickId: number }) {
  const t = useT();
  const click = useClick(clickId);
  const status = click.data?.status;
  useRealtimeEvents((event) => {
    if (event.name === 'clickUpdate' && event.payload.contractId === click.data?.contractId) {
      void click.refetch();
    }
  });
  const open = status === 'PENDING_APPROVAL' || status === 'IN_PROGRESS';
  const { refetch } = click;
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => void refetch(), FOLLOW_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [open, refetch]);
  if (click.data) return <PurchaseResult click={click.data} />;
  if (click.isError) {
    return (
      <Alert color="red" role="alert">
        {t('purchase.result.loadFailed')}
      </Alert>
    );
  }
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" />
      <Text>{t('app.loading')}</Text>
    </Group>
  );
}

/** The parts a share names: the typed volumes, or none for a percentage. */
function partsOf(draft: PurchaseDraft): ContractPartName[] {
  return (Object.keys(draft.volumes) as ContractPartName[]).filter(
    (part) => (draft.volumes[part] ?? '').trim() !== '',
  );
}

/** Asks for the quote when the draft has none, once per need (strict mode mounts twice). */
function useQuoteRequest(
  draft: PurchaseDraft,
  failed: ErrorCode | null,
  fail: (code: ErrorCode) => void,
) {
  const api = useApiClient();
  const asking = useRef(false);
  const needed = draft.quote === null && failed === null;
  useEffect(() => {
    if (!needed || asking.current) return;
    asking.current = true;
    const current = purchaseDraftValue.get();
    if (!current) return;
    requestQuote(api, {
      customerId: current.customerId,
      contractId: current.contractId,
      yearOfSupply: current.yearOfSupply,
      maturity: current.maturity,
      market: current.market,
      ...shareOf(current, partsOf(current)),
    })
      .then(
        (quote) => {
          const latest = purchaseDraftValue.get();
          if (latest) purchaseDraftValue.set(withQuote(latest, quote));
        },
        (error: unknown) => {
          console.warn('The quote could not be requested', error);
          fail(errorCodeOf(error));
        },
      )
      .finally(() => {
        asking.current = false;
      });
  }, [api, needed, fail]);
}

interface Failure {
  code: ErrorCode;
  text: ErrorText;
  network: boolean;
  /** Whether the click may have been made: the button sends the same key again. */
  retry: boolean;
}

function QuoteSummary({ quote }: { quote: Quote }) {
  const t = useT();
  const locale = useLocale();
  const click = useMemo(() => clickEffectRequest(quote, quote.parts), [quote]);
  return (
    <Stack gap="sm">
      <Text size="sm" data-testid="price-source">
        {t(priceSourceKey(quote.priceSource))}
      </Text>
      <PriceTable
        caption={t('purchase.confirm.summary')}
        testId="quote"
        totalCost={quote.totalCost}
        rows={quote.parts}
      />
      {quote.parts
        .filter((part) => part.runoutApplied)
        .map((part) => (
          <Text size="sm" key={part.name} data-testid="quote-runout">
            {t('purchase.runout.applied', {
              part: t(partKey(part.name)),
              volume: formatVolume(part.volume, locale),
            })}
          </Text>
        ))}
      {quote.requires.approval && (
        <Alert color="blue" data-testid="approval-note">
          {t('purchase.confirm.approvalNote')}
        </Alert>
      )}
      <ClickEffectPanel customerId={quote.customerId} body={click} testId="quote-risk" />
    </Stack>
  );
}

function Confirm({ draft }: { draft: PurchaseDraft }) {
  const t = useT();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const now = useNow(1000);
  const [quoteFailure, setQuoteFailure] = useState<ErrorCode | null>(null);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [sms, setSms] = useState<SmsState>(NO_SMS);
  const [executing, setExecuting] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const inFlight = useRef(false);
  useQuoteRequest(draft, quoteFailure, setQuoteFailure);

  const quote = draft.quote;
  const seconds = quote ? secondsLeft(quoteDeadline(draft), now) : 0;
  const expired = quote !== null && seconds === 0;
  const termsVersion = quote?.requires.termsVersion ?? null;
  const smsNeeded = quote?.requires.sms ?? false;
  const ready =
    quote !== null &&
    !expired &&
    (termsVersion === null || termsAccepted) &&
    (!smsNeeded || isSixDigits(sms.code));

  function newPrice() {
    const current = purchaseDraftValue.get();
    setFailure(null);
    setQuoteFailure(null);
    setSms(NO_SMS);
    if (current) purchaseDraftValue.set(withQuote(current, null));
  }

  async function confirm() {
    const current = purchaseDraftValue.get();
    if (!ready || inFlight.current || !current?.quote || !current.idempotencyKey) return;
    inFlight.current = true;
    setExecuting(true);
    setFailure(null);
    try {
      const click = await executePurchase(api, {
        quoteId: current.quote.quoteId,
        // The same key for every retry of this quote: the server answers the same click.
        idempotencyKey: current.idempotencyKey,
        acceptedTermsVersion: current.quote.requires.termsVersion ?? undefined,
        smsCode: current.quote.requires.sms && sms.factor === 'sms' ? sms.code : undefined,
        totpCode: current.quote.requires.sms && sms.factor === 'totp' ? sms.code : undefined,
      });
      if (session) recordPurchase(click, session, queryClient);
      queryClient.setQueryData(purchaseQueryKeys.click(click.id), click);
      const latest = purchaseDraftValue.get() ?? current;
      purchaseDraftValue.set({ ...latest, clickId: click.id });
    } catch (error) {
      console.warn('The purchase was not confirmed', error);
      const code = errorCodeOf(error);
      let attemptsLeft: number | undefined;
      if (code === 'SMS_CODE_INVALID') {
        attemptsLeft = Math.max(0, sms.attemptsLeft - 1);
        setSms({ ...sms, code: '', attemptsLeft });
      } else if (code === 'SECOND_FACTOR_INVALID') {
        setSms({ ...sms, code: '' });
      } else if (code === 'SMS_ATTEMPTS_EXCEEDED' || code === 'SMS_CODE_EXPIRED') {
        setSms({ ...sms, code: '', attemptsLeft: 0 });
      }
      setFailure({
        code,
        text: purchaseErrorText(code, { smsAttemptsLeft: attemptsLeft }),
        network: isNetworkFailure(error),
        retry: isOutcomeUnknown(error),
      });
    } finally {
      inFlight.current = false;
      setExecuting(false);
    }
  }

  const showExpired =
    expired || failure?.code === 'QUOTE_EXPIRED' || quoteFailure === 'QUOTE_EXPIRED';
  const positionGone =
    failure !== null && (failure.code.startsWith('DC_') || failure.code === 'CLICK_LIMIT_REACHED');

  return (
    <Stack data-testid="screen-confirmpurchase" gap="lg" maw={960}>
      <Title order={1}>{t('purchase.confirm.title')}</Title>
      <PositionHeader {...draft} />
      {quoteFailure !== null && quoteFailure !== 'QUOTE_EXPIRED' && (
        <Alert color="red" role="alert" data-testid="quote-failed">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t(purchaseErrorText(quoteFailure).key)}</Text>
            <Group>
              <Button variant="default" size="xs" onClick={newPrice}>
                {t('app.retry')}
              </Button>
              <Anchor component={Link} to={PURCHASE_PATHS_WEB.configure} size="sm">
                {t('purchase.back')}
              </Anchor>
            </Group>
          </Stack>
        </Alert>
      )}
      {quote === null && quoteFailure === null && (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>{t('purchase.confirm.quoting')}</Text>
        </Group>
      )}
      {quote && (
        <>
          <QuoteSummary quote={quote} />
          <QuoteCountdown seconds={seconds} />
          {showExpired && (
            <Alert color="orange" role="alert" data-testid="quote-expired">
              <Stack gap="xs" align="flex-start">
                <Text fw={700}>{t('purchase.expired.title')}</Text>
                <Text size="sm">{t('purchase.expired.body')}</Text>
                <Button onClick={newPrice} data-testid="new-price">
                  {t('purchase.expired.newPrice')}
                </Button>
              </Stack>
            </Alert>
          )}
          {termsVersion !== null && (
            <TermsAcceptance
              customerId={draft.customerId}
              version={termsVersion}
              accepted={termsAccepted}
              onChange={setTermsAccepted}
            />
          )}
          {smsNeeded && (
            <SmsVerification
              quoteId={quote.quoteId}
              state={sms}
              onChange={setSms}
              disabled={expired}
              totpAllowed={quote.requires.totp === true}
            />
          )}
          {failure && failure.code !== 'QUOTE_EXPIRED' && (
            <Alert color="red" role="alert" data-testid="confirm-failed" data-code={failure.code}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  {failure.network
                    ? t('purchase.confirm.networkFailed')
                    : t(failure.text.key, failure.text.values)}
                </Text>
                {positionGone && (
                  <Anchor component={Link} to={PURCHASE_PATHS_WEB.start} size="sm">
                    {t('purchase.chooseOther')}
                  </Anchor>
                )}
                {failure.code === 'QUOTE_USED' && (
                  <Button variant="default" size="xs" onClick={newPrice}>
                    {t('purchase.expired.newPrice')}
                  </Button>
                )}
              </Stack>
            </Alert>
          )}
          {/* The moment the price becomes binding: the disclaimer says what is and what is not. */}
          <Disclaimer testId="confirm-disclaimer" />
          <Group>
            <Button variant="default" component={Link} to={PURCHASE_PATHS_WEB.configure}>
              {t('purchase.back')}
            </Button>
            <Button
              onClick={() => void confirm()}
              disabled={!ready || positionGone}
              loading={executing}
              data-testid="confirm-purchase"
            >
              {t(failure?.retry ? 'purchase.confirm.retry' : 'purchase.confirm.submit')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** Step 3: the quoted price for 5 minutes, terms, SMS code, then the click, exactly once. */
export function ConfirmPurchaseScreen() {
  const draft = usePurchaseDraft();
  if (!draft) return <Navigate to={PURCHASE_PATHS_WEB.start} replace />;
  if (draft.clickId !== null) {
    return (
      <Stack data-testid="screen-confirmpurchase" maw={960}>
        <Result clickId={draft.clickId} />
      </Stack>
    );
  }
  return <Confirm draft={draft} />;
}
