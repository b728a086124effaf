import { useEffect, useState, type ReactNode } from 'react';
import { Table, Text, type TextProps } from '@mantine/core';
import { stalePriceAge } from '@klik/domain';
import { useT } from '../i18n/use-t';

/** How long a moved price stays highlighted. */
const HIGHLIGHT_MS = 2000;

/** A price's age is shown in whole minutes at best, so a minute's clock keeps it current. */
export const PRICE_AGE_TICK_MS = 60_000;

/** Whether a price on screen has just moved (true for HIGHLIGHT_MS after each change). */
function useJustChanged(value: string | null): boolean {
  const [shown, setShown] = useState(value);
  const [changes, setChanges] = useState(0);
  if (shown !== value) {
    setShown(value);
    setChanges((count) => count + 1);
  }
  useEffect(() => {
    if (changes === 0) return;
    const timer = setTimeout(() => setChanges(0), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [changes]);
  return changes > 0;
}

/**
 * A table cell with a price that may move while it is on screen. A change is highlighted briefly
 * (data-changed); the stylesheet fades it out, or not at all for prefers-reduced-motion.
 */
export function PriceCell({
  value,
  children,
  testId,
}: {
  value: string | null;
  children: ReactNode;
  testId?: string;
}) {
  const changed = useJustChanged(value);
  return (
    <Table.Td
      className="klik-nowrap klik-price-cell"
      data-changed={changed || undefined}
      data-testid={testId}
    >
      {children}
    </Table.Td>
  );
}

/** A price inside other content (a cell with more than one figure, a card), highlighted as PriceCell. */
export function PriceText({
  value,
  children,
  testId,
  ...textProps
}: {
  value: string | null;
  children: ReactNode;
  testId?: string;
} & Omit<TextProps, 'children'>) {
  const changed = useJustChanged(value);
  return (
    <Text
      component="span"
      className="klik-nowrap klik-price-cell"
      data-changed={changed || undefined}
      data-testid={testId}
      {...textProps}
    >
      {children}
    </Text>
  );
}

/**
 * "20 min oud" beside a price quoted longer ago than the domain's PRICE_STALE_AFTER_MINUTES;
 * nothing for a fresh one. `now` comes from one clock for a whole table (useNow with
 * PRICE_AGE_TICK_MS), so every age on screen moves on at the same minute.
 */
export function PriceAge({
  quotedAt,
  now,
  testId,
}: {
  quotedAt: string | null;
  now: number;
  testId?: string;
}) {
  const t = useT();
  const age = stalePriceAge(quotedAt, now);
  if (age === null) return null;
  const text =
    age.unit === 'minutes'
      ? t('prices.stale.minutes', { m: age.value })
      : age.unit === 'hours'
        ? t('prices.stale.hours', { h: age.value })
        : t('prices.stale.days', { d: age.value });
  return (
    <Text component="span" size="xs" c="dimmed" className="klik-nowrap" data-testid={testId}>
      {text}
    </Text>
  );
}
