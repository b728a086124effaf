import type { AuditOutcome } from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import type { StatusTone } from '../../../shared/ui/status-badge';

export function auditOutcomeKey(outcome: AuditOutcome): MessageKey {
  switch (outcome) {
    case 'success':
      return 'admin.audit.outcome.success';
    case 'failure':
      return 'admin.audit.outcome.failure';
    case 'refused':
      return 'admin.audit.outcome.refused';
  }
}

export function auditOutcomeTone(outcome: AuditOutcome): StatusTone {
  switch (outcome) {
    case 'success':
      return 'success';
    case 'failure':
      return 'danger';
    case 'refused':
      return 'warning';
  }
}

/** A value of an event's details as text: plain values as they are, lists and records as JSON. */
export function detailText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) {
    return value.length === 0 ? '—' : value.map((item) => String(item)).join(', ');
  }
  return JSON.stringify(value, null, 2);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface DetailChange {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

/**
 * An event's details read for people: a change's before and after side by side, field by field
 * (the changed ones marked), and every other fact of the event on its own.
 */
export function readDetails(details: Record<string, unknown>): {
  changes: DetailChange[] | null;
  facts: { key: string; value: string }[];
} {
  const { before, after, ...rest } = details;
  const facts = Object.entries(rest).map(([key, value]) => ({ key, value: detailText(value) }));
  if (!isRecord(before) && !isRecord(after)) {
    // A before or after that is not a record is a fact like any other.
    if (before !== undefined) facts.unshift({ key: 'before', value: detailText(before) });
    if (after !== undefined) facts.push({ key: 'after', value: detailText(after) });
    return { changes: null, facts };
  }
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  const changes = fields.map((field) => {
    const beforeText = field in was ? detailText(was[field]) : '—';
    const afterText = field in is ? detailText(is[field]) : '—';
    return { field, before: beforeText, after: afterText, changed: beforeText !== afterText };
  });
  return { changes, facts };
}
