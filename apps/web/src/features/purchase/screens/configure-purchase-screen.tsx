import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  useMatches,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import type { Locale } from '@klik/api';
import type { ContractPartName } from '@klik/domain';
import { formatVolume } from '../../../shared/format/format-numbers';
import { useApiClient } from '../../../shared/api/use-api-client';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT, type Translate } from '../../../shared/i18n/use-t';
import { clickEffectRequest, type ClickEffectRequest } from '../../../shared/api/click-effect';
import { requestQuote } from '../api/purchase-api';
import { ClickEffectPanel } from '../components/click-effect-panel';
import { PositionHeader } from '../components/position-header';
import { PriceTable } from '../components/price-table';
import { partKey } from '../../../shared/i18n/domain-labels';
import { previewShare, type PartTerms, type ShareProblem } from '../derive/share-preview';
import {
  purchaseDraftValue,
  withQuote,
  type PurchaseDraft,
  type ShareMode,
} from '../purchase-draft';
import { errorCodeOf, purchaseErrorText } from '../purchase-errors';
import { READABLE_DESCRIPTION } from '../components/readable-styles';
import { PURCHASE_PATHS_WEB } from '../purchase-paths';
import { usePurchaseDraft } from './purchase-flow-layout';

/** The message for a share the limits do not allow, with the allowed range. */
export function shareProblemText(
  problem: ShareProblem,
  t: Translate,
  locale: Locale,
  part: string | null,
): string {
  switch (problem.kind) {
    case 'required':
      return t(
        part === null ? 'purchase.share.percentageRequired' : 'purchase.share.volumeRequired',
      );
    case 'invalidPercentage':
      return t('purchase.share.invalidPercentage');
    case 'invalidVolume':
      return t('purchase.share.invalidVolume');
    case 'tooLow':
    case 'tooHigh':
      return t(problem.kind === 'tooLow' ? 'purchase.share.tooLow' : 'purchase.share.tooHigh', {
        part: part ?? '',
        min: formatVolume(problem.min, locale),
        max: formatVolume(problem.max, locale),
      });
  }
}

/** The prices and limits of the position: the server quotes its whole open volume once. */
function useReferenceTerms(draft: PurchaseDraft) {
  const api = useApiClient();
  return useQuery({
    queryKey: [
      'purchase',
      'reference',
      draft.customerId,
      draft.contractId,
      draft.yearOfSupply,
      draft.maturity,
      draft.market,
    ],
    queryFn: () =>
      requestQuote(api, {
        customerId: draft.customerId,
        contractId: draft.contractId,
        yearOfSupply: draft.yearOfSupply,
        maturity: draft.maturity,
        market: draft.market,
        percentage: '100',
      }),
    retry: false,
    staleTime: 60_000,
  });
}

/** Remembers the reference quote in the draft, so leaving the flow gives it up. */
function useRememberReference(draft: PurchaseDraft, quoteId: string | undefined) {
  useEffect(() => {
    if (!quoteId || draft.referenceQuoteId === quoteId) return;
    const current = purchaseDraftValue.get();
    if (current) purchaseDraftValue.set({ ...current, referenceQuoteId: quoteId });
  }, [draft.referenceQuoteId, quoteId]);
}

// Typing a share changes the click at every key: the year's risk is asked for once it rests.
const CLICK_EFFECT_DEBOUNCE_MS = 400;

/** The click as previewed, for the risk it takes away; null while the share is not valid. */
function usePreviewedClick(
  draft: PurchaseDraft,
  preview: ReturnType<typeof previewShare>,
): ClickEffectRequest | null {
  const request = preview.valid
    ? clickEffectRequest(
        draft,
        preview.parts.map((part) => ({ name: part.name, volume: part.volume })),
      )
    : null;
  const [rested] = useDebouncedValue(
    request === null ? null : JSON.stringify(request),
    CLICK_EFFECT_DEBOUNCE_MS,
  );
  return useMemo(
    () => (rested === null ? null : (JSON.parse(rested) as ClickEffectRequest)),
    [rested],
  );
}

function ShareForm({ draft, terms }: { draft: PurchaseDraft; terms: PartTerms[] }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [tried, setTried] = useState(false);
  const preview = previewShare(draft, terms);
  const previewedClick = usePreviewedClick(draft, preview);

  // Every change is stored at once, so a reload keeps it; the old quote no longer fits it.
  function update(change: Partial<PurchaseDraft>) {
    const current = purchaseDraftValue.get() ?? draft;
    purchaseDraftValue.set(withQuote({ ...current, ...change }, null));
  }

  function shown(problem: ShareProblem | null): ShareProblem | null {
    if (!problem) return null;
    return problem.kind === 'required' && !tried ? null : problem;
  }

  const percentageProblem = shown(preview.percentageProblem);
  // Side by side the two ways to give the share do not fit a phone: there they stack.
  const modeOrientation = useMatches<'vertical' | 'horizontal'>({
    base: 'vertical',
    sm: 'horizontal',
  });
  return (
    <Stack gap="md">
      <SegmentedControl
        value={draft.mode}
        onChange={(value) => update({ mode: value as ShareMode })}
        data={[
          { value: 'percentage', label: t('purchase.share.modePercentage') },
          { value: 'volume', label: t('purchase.share.modeVolume') },
        ]}
        aria-label={t('purchase.share.mode')}
        data-testid="share-mode"
        orientation={modeOrientation}
        w={{ base: '100%', sm: 'fit-content' }}
      />
      {draft.mode === 'percentage' ? (
        <TextInput
          label={t('purchase.share.percentage')}
          description={t('purchase.share.percentageHelp')}
          inputMode="decimal"
          rightSection="%"
          maw={{ base: '100%', sm: 260 }}
          value={draft.percentage}
          onChange={(event) => update({ percentage: event.currentTarget.value })}
          error={
            percentageProblem ? shareProblemText(percentageProblem, t, locale, null) : undefined
          }
          data-testid="share-percentage"
          styles={READABLE_DESCRIPTION}
        />
      ) : null}
      {terms.map((part) => {
        const line = preview.parts.find((candidate) => candidate.name === part.name);
        const problem = shown(line?.problem ?? null);
        const partName = t(partKey(part.name));
        const limits = t('purchase.share.limits', {
          open: formatVolume(part.openVolume, locale),
          min: formatVolume(part.limits.min, locale),
          max: formatVolume(part.limits.max, locale),
        });
        if (draft.mode === 'volume') {
          return (
            <TextInput
              key={part.name}
              label={t('purchase.share.volume', { part: partName })}
              description={limits}
              inputMode="decimal"
              rightSection="MWh"
              rightSectionWidth={48}
              maw={{ base: '100%', sm: 320 }}
              value={draft.volumes[part.name] ?? ''}
              onChange={(event) =>
                update({
                  volumes: { ...draft.volumes, [part.name]: event.currentTarget.value },
                })
              }
              error={problem ? shareProblemText(problem, t, locale, partName) : undefined}
              data-testid={`share-volume-${part.name}`}
              styles={READABLE_DESCRIPTION}
            />
          );
        }
        return (
          <Stack key={part.name} gap={2}>
            <Text size="sm">
              <Text span fw={600}>
                {partName}
              </Text>
              {' · '}
              {limits}
            </Text>
            {problem && (
              <Text size="sm" c="red.8" role="alert" data-testid={`share-problem-${part.name}`}>
                {shareProblemText(problem, t, locale, partName)}
              </Text>
            )}
          </Stack>
        );
      })}
      {preview.parts.some((part) => part.runoutApplied) && (
        <Alert color="blue" data-testid="runout-note">
          <Stack gap={4}>
            {preview.parts
              .filter((part) => part.runoutApplied)
              .map((part) => (
                <Text size="sm" key={part.name}>
                  {t('purchase.runout.applied', {
                    part: t(partKey(part.name)),
                    volume: formatVolume(part.volume ?? '0', locale),
                  })}
                </Text>
              ))}
          </Stack>
        </Alert>
      )}
      <Title order={2} size="h4">
        {t('purchase.preview.title')}
      </Title>
      <Text size="sm">{t('purchase.preview.note')}</Text>
      <PriceTable
        caption={t('purchase.preview.title')}
        testId="preview"
        totalCost={preview.totalCost}
        rows={preview.parts.map((part) => ({
          name: part.name as ContractPartName,
          volume: part.volume,
          marketPrice: part.terms.marketPrice,
          markUp: part.terms.markUp,
          transactionFee: part.terms.transactionFee,
          clickPrice: part.clickPrice,
          cost: part.cost,
        }))}
      />
      <ClickEffectPanel customerId={draft.customerId} body={previewedClick} testId="preview-risk" />
      <Group>
        <Button
          variant="default"
          component={Link}
          to={PURCHASE_PATHS_WEB.startAt(draft.contractId, draft.yearOfSupply, draft.maturity)}
        >
          {t('purchase.back')}
        </Button>
        <Button
          data-testid="configure-next"
          onClick={() => {
            setTried(true);
            if (preview.valid) void navigate(PURCHASE_PATHS_WEB.confirm);
          }}
        >
          {t('purchase.configure.next')}
        </Button>
      </Group>
    </Stack>
  );
}

function Configure({ draft }: { draft: PurchaseDraft }) {
  const t = useT();
  const reference = useReferenceTerms(draft);
  useRememberReference(draft, reference.data?.quoteId);
  return (
    <Stack data-testid="screen-configurepurchase" gap="lg" maw={960}>
      <Title order={1}>{t('purchase.configure.title')}</Title>
      <PositionHeader {...draft} />
      {reference.isPending && (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>{t('purchase.configure.loading')}</Text>
        </Group>
      )}
      {reference.isError && (
        <Alert color="red" role="alert" data-testid="configure-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t(purchaseErrorText(errorCodeOf(reference.error)).key)}</Text>
            <Anchor component={Link} to={PURCHASE_PATHS_WEB.start}>
              {t('purchase.chooseOther')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      {reference.data && <ShareForm draft={draft} terms={reference.data.parts} />}
    </Stack>
  );
}

/** Step 2: the share to fix, within the limits, with a preview of the prices and the cost. */
export function ConfigurePurchaseScreen() {
  const draft = usePurchaseDraft();
  if (!draft) return <Navigate to={PURCHASE_PATHS_WEB.start} replace />;
  if (draft.clickId !== null) return <Navigate to={PURCHASE_PATHS_WEB.confirm} replace />;
  return <Configure draft={draft} />;
}
