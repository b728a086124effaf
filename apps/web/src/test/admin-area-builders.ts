import type { AdminDashboard, AdminSearchResult, AuditEvent, AuditPage } from '@klik/api';

export function anAuditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: '901',
    at: '2026-11-20T09:15:00.000Z',
    actor: 'beheer',
    impersonator: null,
    action: 'user.update',
    outcome: 'success',
    subject: 'jansen',
    customerIds: [11],
    details: {
      before: { name: 'Piet Jansen', mobile: null },
      after: { name: 'Piet Jansen-de Vries', mobile: null },
    },
    ip: '127.0.0.1',
    ...overrides,
  };
}

export function anAuditPage(events: AuditEvent[], overrides: Partial<AuditPage> = {}): AuditPage {
  return { data: events, page: 0, size: 20, total: events.length, ...overrides };
}

export function aDashboard(overrides: Partial<AdminDashboard> = {}): AdminDashboard {
  return {
    customers: { active: 12, inactive: 2 },
    users: { active: 48, signedIn: 5 },
    clicksToday: { total: 7, completed: 4 },
    pendingApprovals: 3,
    pauzeActive: false,
    feed: {
      source: 'simulated',
      leading: true,
      intervalMs: 5000,
      lastTickAt: '2026-11-20T09:14:55.000Z',
      lastPriceAt: '2026-11-20T09:14:55.000Z',
      lastPriceOrigin: 'SIMULATED',
    },
    recentEvents: [anAuditEvent()],
    ...overrides,
  };
}

export function aSearchResult(overrides: Partial<AdminSearchResult> = {}): AdminSearchResult {
  return { customers: [], users: [], contracts: [], ...overrides };
}
