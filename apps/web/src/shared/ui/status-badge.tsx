import type { ReactNode } from 'react';
import { Badge } from '@mantine/core';

/**
 * The colour of a status badge by what the status means; white text on it. Every one has at least
 * WCAG AA's 4.5:1 for the badge's small text: Mantine's teal and green fall short up to shade 8
 * (teal 8 is 3.9:1) and every orange of its palette does (orange 9 is 4.3:1), so the warning is a
 * darker orange of its own. A status badge takes its colour from here, never a shade of its own.
 */
export const STATUS_COLORS = {
  /** Done, active, on track: "Gelukt", "Actief", "Uitgevoerd". */
  success: 'teal.9',
  /** Failed, urgent, behind. */
  danger: 'red.9',
  /** Refused, due soon, ahead, waiting: needs a look. */
  warning: '#c2410c',
  /** In progress, information. */
  info: 'blue.9',
  /** Inactive, cancelled, nothing happened. */
  neutral: 'gray.7',
} as const;

export type StatusTone = keyof typeof STATUS_COLORS;

/**
 * A status in words on a filled badge of its tone (the colour only repeats the words). Filled: a
 * light badge's shade-9 text on its pale tint falls below 4.5:1 for green, yellow and orange.
 */
export function StatusBadge({
  tone,
  testId,
  children,
}: {
  tone: StatusTone;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Badge color={STATUS_COLORS[tone]} variant="filled" data-testid={testId}>
      {children}
    </Badge>
  );
}
