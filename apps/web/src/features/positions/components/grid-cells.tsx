import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { monthsOf, type DisableClickReason, type Market, type Maturity } from '@klik/domain';
import type { Locale } from '@klik/api';
import { formatPrice } from '../../../shared/format/format-numbers';
import { disableClickReasonKey, type MessageKey } from '../../../shared/i18n/catalogues';
import { maturityWords } from '../../../shared/i18n/domain-labels';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT, type Translate } from '../../../shared/i18n/use-t';
import { PriceAge, PriceText } from '../../../shared/ui/price-cell';
import type { GridPart, GridRow } from '../derive/grid-rows';

/** The part of every test id of one maturity: `<contract>-<year>-<maturity>`. */
export function positionId(contractId: string, row: GridRow): string {
  return `${contractId}-${row.yearOfSupply}-${row.maturity}`;
}

// Made once per locale: the grid names a quarter's months in every row it renders, and making an
// Intl format costs far more than using one.
const monthFormats = new Map<Locale, Intl.DateTimeFormat>();

function shortMonth(month: number, locale: Locale): string {
  let format = monthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
    monthFormats.set(locale, format);
  }
  return format.format(new Date(Date.UTC(2000, month - 1, 1))).replace(/\.$/, '');
}

/** What a maturity covers in words: "heel jaar", "jan–mrt" for a quarter, "maart" for a month. */
export function maturitySpan(maturity: Maturity, t: Translate, locale: Locale): string {
  if (!maturity.startsWith('Q')) return maturityWords(maturity, t, locale);
  const months = monthsOf(maturity);
  return `${shortMonth(months[0] ?? 1, locale)}–${shortMonth(months.at(-1) ?? 12, locale)}`;
}

/** "Q1 · jan–mrt": the code the market uses, then what it covers. */
export function MaturityName({ maturity }: { maturity: Maturity }) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <Text component="span" fw={700} size="sm">
        {maturity}
      </Text>
      <Text component="span" size="sm">
        {` · ${maturitySpan(maturity, t, locale)}`}
      </Text>
    </>
  );
}

/**
 * A part's price on the shown market: the click price first (bold where the maturity can be
 * clicked), the market price it comes from small beneath, and its age once it is stale.
 */
export function PartPrice({
  part,
  market,
  id,
  emphasised,
  now,
}: {
  part: GridPart;
  market: Market;
  id: string;
  emphasised: boolean;
  /** The clock the price's age is measured by. */
  now: number;
}) {
  const t = useT();
  const locale = useLocale();
  const price = part.prices[market];
  const prefix = market.toLowerCase();
  const shown = (value: string | null | undefined) =>
    value == null ? t('positions.grid.noPrice') : formatPrice(value, locale);
  return (
    <Stack gap={0} align="flex-start">
      <PriceText
        value={price?.clickPrice ?? null}
        testId={`${prefix}-click-price-${id}-${part.name}`}
        size="sm"
        fw={emphasised ? 700 : undefined}
      >
        {shown(price?.clickPrice)}
      </PriceText>
      <PriceText
        value={price?.marketPrice ?? null}
        testId={`${prefix}-price-${id}-${part.name}`}
        size="xs"
        c="dimmed"
      >
        {t('positions.grid.marketPrice', { price: shown(price?.marketPrice) })}
      </PriceText>
      <PriceAge
        quotedAt={price?.quotedAt ?? null}
        now={now}
        testId={`${prefix}-age-${id}-${part.name}`}
      />
    </Stack>
  );
}

function whatToDoKey(reason: DisableClickReason | null): MessageKey {
  return reason === null ? 'positions.grid.whatToDo.none' : `positions.grid.whatToDo.${reason}`;
}

function InfoIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 11v6M12 7v.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
    </svg>
  );
}

/**
 * What a maturity offers: a Klik button to its start-purchase screen, or the reason it cannot be
 * clicked with what the user can do about it, behind an info button in the table (hover or
 * keyboard focus) and written out beneath on a card, where there is no hover.
 */
export function GridAction({
  row,
  contractId,
  layout,
}: {
  row: GridRow;
  contractId: string;
  layout: 'table' | 'card';
}) {
  const t = useT();
  const id = positionId(contractId, row);
  const { action } = row;
  if (action.kind === 'click') {
    return (
      <Button
        component={Link}
        to={action.href}
        size="xs"
        data-testid={`click-${id}`}
        aria-label={t('positions.grid.clickLabel', {
          maturity: row.maturity,
          year: row.yearOfSupply,
          contractId,
        })}
      >
        {t('positions.grid.click')}
      </Button>
    );
  }
  const reason = (
    <Text
      size="sm"
      c="dimmed"
      data-testid={`reason-${id}`}
      data-reason={action.reason ?? undefined}
    >
      {action.reason ? t(disableClickReasonKey(action.reason)) : t('positions.grid.notClickable')}
    </Text>
  );
  const whatToDo = t(whatToDoKey(action.reason));
  if (layout === 'card') {
    return (
      <Stack gap={2}>
        {reason}
        <Text size="xs" c="dimmed" data-testid={`what-to-do-${id}`}>
          {whatToDo}
        </Text>
      </Stack>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      {reason}
      <Tooltip
        label={whatToDo}
        multiline
        w={260}
        withArrow
        events={{ hover: true, focus: true, touch: true }}
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('positions.grid.whatToDoLabel', {
            maturity: row.maturity,
            year: row.yearOfSupply,
          })}
          data-testid={`what-to-do-${id}`}
        >
          <InfoIcon />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
