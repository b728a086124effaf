import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { MARKET_PRODUCTS, type BoardEntry, type MarketProduct } from '@klik/api';
import { formatPrice } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { PriceCell } from '../../../shared/ui/price-cell';
import { boardRows, boardYears } from '../derive/board';
import { ageText } from './age-text';
import { productKey } from './market-labels';

function ProductTable({
  board,
  product,
  year,
  now,
}: {
  board: readonly BoardEntry[];
  product: MarketProduct;
  year: number;
  now: number;
}) {
  const t = useT();
  const locale = useLocale();
  const rows = boardRows(board, product, year);
  const captionId = `board-caption-${product}-${year}`;
  if (rows.length === 0) return <Text>{t('prices.board.empty')}</Text>;
  const price = (entry: BoardEntry | null) =>
    entry?.price ? formatPrice(entry.price, locale) : t('prices.board.noPrice');
  const age = (entry: BoardEntry | null) => (entry?.at ? ageText(t, entry.at, now) : '–');

  return (
    <div className="klik-table-scroll" tabIndex={0} role="region" aria-labelledby={captionId}>
      <Table
        withTableBorder
        withColumnBorders
        fz="sm"
        miw={560}
        data-testid={`board-${product}-${year}`}
      >
        <caption id={captionId} className="klik-visually-hidden">
          {t('prices.board.caption', { product: t(productKey(product)), year })}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('prices.board.maturity')}</Table.Th>
            <Table.Th scope="col">{t('prices.board.otcPrice')}</Table.Th>
            <Table.Th scope="col">{t('prices.board.otcAge')}</Table.Th>
            <Table.Th scope="col">{t('prices.board.icePrice')}</Table.Th>
            <Table.Th scope="col">{t('prices.board.iceAge')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.maturity}
              data-testid={`board-row-${product}-${year}-${row.maturity}`}
            >
              <Table.Th scope="row">{row.maturity}</Table.Th>
              <PriceCell value={row.otc?.price ?? null} testId="board-otc-price">
                {price(row.otc)}
              </PriceCell>
              <Table.Td className="klik-nowrap" data-testid="board-otc-age">
                {age(row.otc)}
              </Table.Td>
              <PriceCell value={row.ice?.price ?? null} testId="board-ice-price">
                {price(row.ice)}
              </PriceCell>
              <Table.Td className="klik-nowrap" data-testid="board-ice-age">
                {age(row.ice)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The latest price of every product and maturity, per year of supply, on both markets. */
export function PriceBoard({
  board,
  now,
}: {
  board: {
    data: BoardEntry[] | undefined;
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  now: number;
}) {
  const t = useT();
  const years = board.data ? boardYears(board.data) : [];
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const year = chosenYear !== null && years.includes(chosenYear) ? chosenYear : (years[0] ?? null);

  return (
    <Stack component="section" aria-labelledby="price-board-title" gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h4" id="price-board-title">
          {t('prices.board.title')}
        </Title>
        {years.length > 0 && year !== null && (
          <NativeSelect
            size="xs"
            label={t('prices.board.year')}
            value={String(year)}
            data={years.map((candidate) => String(candidate))}
            onChange={(event) => setChosenYear(Number(event.currentTarget.value))}
            data-testid="board-year"
          />
        )}
      </Group>
      {board.isPending && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('prices.board.loading')}</Text>
        </Group>
      )}
      {board.isError && (
        <Alert color="red" role="alert">
          <Group gap="sm">
            <Text size="sm">{t('prices.board.loadFailed')}</Text>
            <Button variant="default" size="xs" onClick={() => void board.refetch()}>
              {t('app.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {board.data && year === null && <Text>{t('prices.board.empty')}</Text>}
      {board.data && year !== null && (
        <Tabs
          defaultValue={
            MARKET_PRODUCTS.find((product) =>
              board.data?.some((entry) => entry.product === product),
            ) ?? MARKET_PRODUCTS[0]
          }
          keepMounted={false}
        >
          <Tabs.List aria-label={t('prices.board.products')}>
            {MARKET_PRODUCTS.map((product) => (
              <Tabs.Tab key={product} value={product} data-testid={`board-tab-${product}`}>
                {t(productKey(product))}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {MARKET_PRODUCTS.map((product) => (
            <Tabs.Panel key={product} value={product} pt="xs">
              <ProductTable board={board.data ?? []} product={product} year={year} now={now} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}
