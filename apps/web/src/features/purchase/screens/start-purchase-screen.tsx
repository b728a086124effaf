import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { ContractData } from '@klik/api';
import type { Market, Maturity } from '@klik/domain';
import { disableClickReasonKey } from '../../../shared/i18n/catalogues';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { useSelection } from '../../../shared/session/use-selection';
import { useSession } from '../../../shared/session/use-session';
import { cancelQuote, useCustomerContracts } from '../api/purchase-api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { marketKey, maturityWords } from '../../../shared/i18n/domain-labels';
import { serverNow } from '../../../shared/time/server-clock';
import { priceSourceKey } from '../components/purchase-labels';
import {
  findStatus,
  marketsNow,
  maturityOptions,
  readPathChoice,
  startYears,
} from '../derive/start-options';
import { openQuoteIds, purchaseDraftValue, samePosition, startDraft } from '../purchase-draft';
import { READABLE_DESCRIPTION } from '../components/readable-styles';
import { PURCHASE_PATHS_WEB } from '../purchase-paths';
import { EmptyState, NoCustomer } from '../../../shared/ui/load-states';

function StartForm({ contracts, readOnly }: { contracts: ContractData[]; readOnly: boolean }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const params = useParams();
  const chosen = readPathChoice(params);
  const initialContract =
    contracts.find((contract) => contract.contractId === chosen.contractId) ?? null;
  const initialYears = initialContract ? startYears(initialContract) : [];
  // A year in the path that is not offered (nothing clickable in it) gives way to the first one
  // that is, without the path's maturity, which belonged to the other year.
  const pathYearOffered = chosen.year !== null && initialYears.includes(chosen.year);
  const [contractId, setContractId] = useState<string>(initialContract?.contractId ?? '');
  const [year, setYear] = useState<number | null>(
    pathYearOffered ? chosen.year : (initialYears[0] ?? null),
  );
  const [maturity, setMaturity] = useState<Maturity | null>(
    pathYearOffered ? chosen.maturity : null,
  );
  const [market, setMarket] = useState<Market | null>(null);
  const [tried, setTried] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const api = useApiClient();

  const contract = contracts.find((candidate) => candidate.contractId === contractId) ?? null;
  const years = contract ? startYears(contract) : [];
  const options = contract && year !== null ? maturityOptions(contract, year, readOnly) : [];
  const option = options.find((candidate) => candidate.maturity === maturity);
  const status =
    contract && year !== null && option?.clickable
      ? findStatus(contract, year, option.maturity)
      : undefined;
  // The portal's clock, as the server's decision is: a browser whose clock is off must not offer a
  // market by a session the server does not see open, nor hide one it does.
  const markets = contract && status ? marketsNow(contract, status, new Date(serverNow())) : [];
  const chosenMarket = markets.find((candidate) => candidate.market === market) ?? markets[0];

  async function next() {
    setTried(true);
    if (!contract || year === null || !status || !chosenMarket) return;
    const choice = {
      customerId: contract.customerId,
      contractId: contract.contractId,
      product: contract.product,
      yearOfSupply: year,
      maturity: status.maturity,
      market: chosenMarket.market,
      runOut: contract.runOut,
    };
    const previous = purchaseDraftValue.get();
    if (previous && !samePosition(previous, choice)) {
      // The server holds one position's quote per user: give up the earlier one first.
      setLeaving(true);
      await Promise.all(openQuoteIds(previous).map((quoteId) => cancelQuote(api, quoteId)));
    }
    purchaseDraftValue.set(startDraft(choice, previous));
    void navigate(PURCHASE_PATHS_WEB.configure);
  }

  return (
    <Stack gap="lg" maw={900}>
      <NativeSelect
        label={t('purchase.start.contract')}
        data-testid="start-contract"
        value={contractId}
        onChange={(event) => {
          const next = contracts.find((c) => c.contractId === event.currentTarget.value);
          setContractId(event.currentTarget.value);
          setYear(next ? (startYears(next)[0] ?? null) : null);
          setMaturity(null);
        }}
        data={[
          { value: '', label: t('purchase.start.chooseContract'), disabled: true },
          ...contracts.map((candidate) => ({
            value: candidate.contractId,
            label: `${candidate.contractId} · ${candidate.product}`,
          })),
        ]}
      />
      {contract && years.length > 0 && (
        <NativeSelect
          label={t('purchase.start.year')}
          data-testid="start-year"
          value={year === null ? '' : String(year)}
          onChange={(event) => {
            setYear(Number(event.currentTarget.value));
            setMaturity(null);
          }}
          data={years.map((candidate) => String(candidate))}
        />
      )}
      {contract && years.length === 0 && (
        <Alert color="gray" data-testid="start-no-year">
          {t('purchase.start.noYear')}
        </Alert>
      )}
      {contract && year !== null && (
        <Radio.Group
          label={t('purchase.start.maturity')}
          description={t('purchase.start.maturityHelp')}
          value={maturity ?? ''}
          onChange={(value) => setMaturity(value as Maturity)}
          error={tried && !status ? t('purchase.start.chooseMaturity') : undefined}
          data-testid="start-maturities"
          styles={READABLE_DESCRIPTION}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="xs" spacing="xs">
            {options.map((candidate) => (
              <Radio
                key={candidate.maturity}
                value={candidate.maturity}
                disabled={!candidate.clickable}
                data-testid={`start-maturity-${candidate.maturity}`}
                styles={READABLE_DESCRIPTION}
                data-reason={candidate.reason ?? undefined}
                label={`${candidate.maturity} · ${maturityWords(candidate.maturity, t, locale)}`}
                description={
                  candidate.clickable
                    ? undefined
                    : candidate.reason
                      ? t(disableClickReasonKey(candidate.reason))
                      : t('purchase.start.notClickable')
                }
              />
            ))}
          </SimpleGrid>
        </Radio.Group>
      )}
      {status && markets.length === 0 && (
        <Alert color="orange" role="alert" data-testid="start-no-market">
          {t('disableClickReason.DC_36')}
        </Alert>
      )}
      {status && markets.length > 0 && chosenMarket && (
        <Radio.Group
          label={t('purchase.start.market')}
          value={chosenMarket.market}
          onChange={(value) => setMarket(value as Market)}
          data-testid="start-markets"
        >
          <Group mt="xs">
            {markets.map((candidate) => (
              <Radio
                key={candidate.market}
                value={candidate.market}
                data-testid={`start-market-${candidate.market}`}
                styles={READABLE_DESCRIPTION}
                label={t(marketKey(candidate.market))}
                description={
                  candidate.priceSource ? t(priceSourceKey(candidate.priceSource)) : undefined
                }
              />
            ))}
          </Group>
        </Radio.Group>
      )}
      <Group>
        <Button
          onClick={() => void next()}
          disabled={readOnly}
          loading={leaving}
          data-testid="start-next"
        >
          {t('purchase.start.next')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Step 1: choose contract, year and maturity; only clickable ones can be chosen. */
export function StartPurchaseScreen() {
  const t = useT();
  const session = useSession();
  const location = useLocation();
  const { customer } = useSelection();
  const contracts = useCustomerContracts(customer?.id ?? null);
  const readOnly = session?.readOnly ?? true;

  return (
    <Stack data-testid="screen-startpurchase">
      <Title order={1}>{t('purchase.start.title')}</Title>
      {customer && <Text>{t('purchase.customer', { customer: customer.name })}</Text>}
      {readOnly && (
        <Alert color="gray" data-testid="start-read-only">
          {t('purchase.start.readOnly')}
        </Alert>
      )}
      {!customer && <NoCustomer />}
      {contracts.isPending && customer && (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>{t('purchase.start.loading')}</Text>
        </Group>
      )}
      {contracts.isError && (
        <Alert color="red" role="alert" data-testid="start-error">
          <Group gap="sm">
            <Text size="sm">{t('purchase.start.loadFailed')}</Text>
            <Button variant="default" size="xs" onClick={() => void contracts.refetch()}>
              {t('app.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {contracts.data && contracts.data.length === 0 && (
        <EmptyState text={t('purchase.start.none')} testId="start-none" />
      )}
      {contracts.data && contracts.data.length > 0 && (
        // A new path (another grid link) starts the choice afresh.
        <StartForm key={location.pathname} contracts={contracts.data} readOnly={readOnly} />
      )}
    </Stack>
  );
}
