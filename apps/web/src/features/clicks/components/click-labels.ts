import type { ClickStatus } from '@klik/api';

export const CLICK_STATUSES: readonly ClickStatus[] = [
  'PENDING_APPROVAL',
  'IN_PROGRESS',
  'COMPLETED',
  'REJECTED',
  'EXPIRED',
];

/** Badge colours dark enough for white text (WCAG AA). */
export function statusColor(status: ClickStatus): string {
  switch (status) {
    case 'PENDING_APPROVAL':
      return 'indigo.8';
    case 'IN_PROGRESS':
      return 'blue.8';
    case 'COMPLETED':
      return 'teal.9';
    case 'REJECTED':
      return 'red.9';
    case 'EXPIRED':
      return 'gray.8';
  }
}
