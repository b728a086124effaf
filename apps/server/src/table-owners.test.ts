import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Every table has one owner (docs/architecture.md, "Who owns which table"): the module, or the
 * kernel, whose code writes it. Another module that needs to change it calls the owner. The
 * migrations (db/) and the demo seed (demo/) write everything and are left out.
 */
const OWNERS: Record<string, string> = {
  announcement_attachments: 'notifications',
  announcement_customers: 'notifications',
  announcements: 'notifications',
  api_clients: 'integrations',
  api_token_keys: 'integrations',
  audit_log: 'kernel',
  budget_expected_prices: 'budgets',
  budgets: 'budgets',
  click_ledger: 'purchase',
  click_months: 'positions',
  clicks: 'purchase',
  contracts: 'contracts',
  customers: 'admin',
  dashboard_contracts: 'contracts',
  dashboards: 'admin',
  deadline_calendar_feeds: 'deadlines',
  deadline_reminders: 'notifications',
  event_outbox: 'kernel',
  hedge_policies: 'hedge-policies',
  hedge_policy_alerts: 'hedge-policies',
  login_attempts: 'auth',
  mail_jobs: 'mail',
  margin_scenario_customers: 'margins',
  margin_scenario_versions: 'margins',
  margin_scenarios: 'margins',
  market_offers: 'market',
  market_prices: 'market',
  mobile_verifications: 'account',
  notification_preferences: 'account',
  notifications: 'notifications',
  password_reset_requests: 'password-reset',
  password_reset_tokens: 'password-reset',
  position_months: 'positions',
  price_alert_recipients: 'price-alerts',
  price_alerts: 'price-alerts',
  price_watch_cursors: 'market',
  price_history: 'backtest',
  pricing_ids: 'margins',
  purchase_quotes: 'purchase',
  sessions: 'kernel',
  sms_verifications: 'purchase',
  sso_identities: 'sso',
  sso_logins: 'sso',
  standing_order_codes: 'standing-orders',
  standing_orders: 'standing-orders',
  terms_acceptances: 'purchase',
  terms_versions: 'admin',
  trading_status: 'kernel',
  user_customers: 'admin',
  user_totp: 'kernel',
  users: 'kernel',
  webhook_deliveries: 'integrations',
  webhook_endpoints: 'integrations',
  webhook_messages: 'kernel',
};

/**
 * Tables that only the migrations write: a fixed list (roles), and what triggers keep (the data
 * versions, the heads of the hash chains).
 */
const DATABASE_ONLY = ['chain_heads', 'data_versions', 'roles'];

const SRC = fileURLToPath(new URL('.', import.meta.url));
const WRITE = [
  /(?:insertInto|updateTable|deleteFrom)\('(\w+)/g,
  /\b(?:insert into|delete from)\s+([a-z_]+)/gi,
  /\bupdate\s+([a-z_]+)\s+(?:\w+\s+)?set\b/gi,
];

function productionFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return productionFiles(path);
    const production =
      name.endsWith('.ts') &&
      !name.endsWith('.test.ts') &&
      !name.endsWith('-test-kit.ts') &&
      name !== 'permission-cases.ts';
    return production ? [path] : [];
  });
}

/** Per table, who writes it: a module's folder name, or "kernel". */
function writers(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const file of productionFiles(SRC)) {
    const [top, module] = relative(SRC, file).split(sep);
    if (top === 'db' || top === 'demo') continue;
    const writer = top === 'modules' ? (module as string) : (top as string);
    const text = readFileSync(file, 'utf8');
    for (const pattern of WRITE) {
      for (const match of text.matchAll(pattern)) {
        const table = (match[1] as string).toLowerCase();
        if (!(table in OWNERS)) continue;
        found.set(table, (found.get(table) ?? new Set()).add(writer));
      }
    }
  }
  return found;
}

/** The tables the typed schema (db/schema.ts) declares. */
function schemaTables(): string[] {
  const schema = readFileSync(join(SRC, 'db', 'schema.ts'), 'utf8');
  const body = schema.slice(schema.indexOf('export interface Database {'));
  return [...body.slice(0, body.indexOf('\n}')).matchAll(/^ {2}(\w+): /gm)].map(
    (match) => match[1] as string,
  );
}

describe('table owners', () => {
  const written = writers();

  it('has every table written only by its owner', () => {
    const strays = [...written].flatMap(([table, by]) =>
      [...by]
        .filter((writer) => writer !== OWNERS[table])
        .map((writer) => `${writer} writes ${table} (owner: ${OWNERS[table]})`),
    );
    expect(strays).toEqual([]);
  });

  it('names an owner for every table of the schema', () => {
    const tables = schemaTables();
    expect(tables.length).toBeGreaterThan(40);
    expect(tables.filter((table) => !(table in OWNERS) && !DATABASE_ONLY.includes(table))).toEqual(
      [],
    );
  });
});
