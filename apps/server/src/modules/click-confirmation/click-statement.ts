import { addDays, amsterdamInstant } from '@klik/domain';
import type { Locale } from '@klik/api';
import type { Db } from '../../db/database';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { assertMaySee } from '../../kernel/access/customer-access';
import { AppError } from '../../kernel/http/app-error';
import { csvField, type Cell } from '../clicks/click-export';
import { openPdf } from './click-confirmation-pdf';
import {
  CONFIRMATION_TEXTS,
  formatInstant,
  formatMoney,
  formatPrice,
  formatVolume,
} from './click-confirmation-text';
import { STATEMENT_TEXTS } from './click-statement-text';
import {
  findChainHeadsAt,
  findCustomerName,
  findStatementEvents,
  type ChainHeadAt,
  type LedgerFacts,
  type StatementEvent,
} from './click-statement.repository';

/*
 * The statement of a customer's clicks over a period, for an auditor (docs/audit-trail.md): read
 * from the click ledger alone, the append-only, hash-chained record of every click event, never
 * from the clicks as they stand now; closed by the heads of the customer's chains at the period's
 * end, which an auditor keeps to check the trail later.
 */

/** One click of the statement: its events in the period and their facts, later ones winning. */
export interface StatementClick {
  clickId: number;
  facts: LedgerFacts;
  made: StatementEvent | undefined;
  decided: StatementEvent | undefined;
  completed: StatementEvent | undefined;
  events: StatementEvent[];
}

export interface Statement {
  customerId: number;
  customerName: string;
  from: string;
  to: string;
  clicks: StatementClick[];
  heads: ChainHeadAt[];
}

const MADE = new Set(['CREATED', 'PENDING_APPROVAL']);
const DECIDED = new Set(['APPROVED', 'REJECTED']);

function clicksOf(events: readonly StatementEvent[]): StatementClick[] {
  const clicks = new Map<number, StatementClick>();
  for (const event of events) {
    const click = clicks.get(event.clickId) ?? {
      clickId: event.clickId,
      facts: event.facts,
      made: undefined,
      decided: undefined,
      completed: undefined,
      events: [],
    };
    // What an event knows alone (the second factor and terms at confirmation, the execution at
    // completion) stays; the rest is as the last event saw the click.
    click.facts = { ...click.facts, ...event.facts };
    click.events.push(event);
    if (MADE.has(event.event)) click.made = event;
    if (DECIDED.has(event.event)) click.decided = event;
    if (event.event === 'COMPLETED') click.completed = event;
    clicks.set(event.clickId, click);
  }
  return [...clicks.values()];
}

/** The statement of the days from to to (Europe/Amsterdam, inclusive). */
export async function readStatement(
  db: Db,
  customerId: number,
  from: string,
  to: string,
): Promise<Statement> {
  const customerName = await findCustomerName(db, customerId);
  if (customerName === undefined) throw new AppError('NOT_FOUND');
  const start = amsterdamInstant(from, { hour: 0, minute: 0 });
  const end = amsterdamInstant(addDays(to, 1), { hour: 0, minute: 0 });
  const events = await findStatementEvents(db, customerId, start, end);
  return {
    customerId,
    customerName,
    from,
    to,
    clicks: clicksOf(events),
    heads: await findChainHeadsAt(db, customerId, end),
  };
}

const secondFactorOf = (facts: LedgerFacts) =>
  facts.secondFactor === undefined ? null : (facts.secondFactor ?? 'none');

/** RFC 4180 like the click export, one row per click part, headings in the reader's language. */
export function statementCsv(statement: Statement, locale: Locale): string {
  const t = STATEMENT_TEXTS[locale];
  const text = (value: string | number | null | undefined): Cell =>
    value === null || value === undefined ? null : { text: String(value) };
  const number = (value: string | null | undefined): Cell =>
    value === null || value === undefined ? null : { number: value };
  const head = statement.heads.find((candidate) => candidate.chain === 'click_ledger');
  const lines = [t.columns.join(',')];
  for (const click of statement.clicks) {
    const { facts } = click;
    const parts = facts.quote?.parts ?? [];
    for (const part of parts.length > 0 ? parts : [undefined]) {
      const executed = facts.execution?.parts.find((candidate) => candidate.part === part?.name);
      const row: Cell[] = [
        number(String(click.clickId)),
        text(facts.contractId),
        text(facts.product),
        number(String(facts.yearOfSupply)),
        text(facts.maturity),
        text(facts.market),
        text(facts.priceSource),
        text(facts.status),
        text(part?.name),
        number(part?.volume),
        text(facts.quote?.id),
        text(facts.quote?.createdAt),
        number(part?.marketPrice),
        number(part?.markUp),
        number(part?.transactionFee),
        number(part?.clickPrice),
        number(part?.cost),
        number(facts.totalCost),
        text(facts.execution?.at),
        number(executed?.marketPrice),
        number(executed?.clickPrice),
        text(click.made?.actor),
        text(click.made?.at.toISOString() ?? facts.createdAt),
        text(click.made?.impersonator),
        text(click.decided?.actor),
        text(click.decided?.event),
        text(click.decided?.at.toISOString()),
        text(secondFactorOf(facts)),
        number(facts.termsVersion === undefined ? null : String(facts.termsVersion ?? '')),
        text(facts.confirmation?.sentAt),
        text(click.events.map((event) => `${event.seq}:${event.event}`).join(' ')),
        text(click.events.at(-1)?.hash),
        number(head?.seq),
        text(head?.hash),
      ];
      lines.push(row.map(csvField).join(','));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The statement as a PDF in nl or en. */
export async function statementPdf(
  statement: Statement,
  locale: Locale,
  portalTitle: string,
  now: Date,
): Promise<Uint8Array> {
  const t = STATEMENT_TEXTS[locale];
  const words = CONFIRMATION_TEXTS[locale];
  const { sheet, finish } = openPdf(locale, {
    Title: `${portalTitle} – ${t.documentTitle} ${statement.customerName} ${statement.from} – ${statement.to}`,
    Author: portalTitle,
    Subject: t.documentTitle,
    CreationDate: now,
  });
  const instant = (iso: string | Date | null | undefined) =>
    iso ? formatInstant(new Date(iso), locale) : t.none;
  const price = (value: string | null | undefined) => (value ? formatPrice(value, locale) : t.none);
  const person = (event: StatementEvent | undefined) =>
    event?.actor
      ? `${event.actor}${event.impersonator ? ` (${t.via(event.impersonator)})` : ''}, ${instant(event.at)}`
      : t.automatic;

  sheet.heading(portalTitle, 20, 0);
  sheet.heading(`${t.documentTitle} ${statement.customerName}`, 15, 2);
  sheet.paragraph(t.intro(statement.customerName, statement.from, statement.to));
  if (statement.clicks.length === 0) sheet.paragraph(t.noClicks);

  for (const click of statement.clicks) {
    const { facts } = click;
    sheet.heading(t.click(click.clickId), 12);
    sheet.row(t.contract, `${facts.contractId} (${facts.product})`);
    sheet.row(
      t.period,
      `${facts.maturity} ${facts.yearOfSupply} (${words.maturityWords(facts.maturity)} ${facts.yearOfSupply})`,
    );
    sheet.row(t.market, `${facts.market}${facts.priceSource ? `, ${facts.priceSource}` : ''}`);
    sheet.row(t.status, t.statuses[facts.status] ?? facts.status);
    sheet.row(
      t.quote,
      facts.quote ? `${facts.quote.id}, ${instant(facts.quote.createdAt)}` : t.none,
    );
    for (const part of facts.quote?.parts ?? []) {
      const executed = facts.execution?.parts.find((candidate) => candidate.part === part.name);
      sheet.row(words.parts[part.name], '', { bold: true });
      sheet.row(t.volume, formatVolume(part.volume, locale), { indent: 12 });
      sheet.row(t.marketAtQuote, price(part.marketPrice), { indent: 12 });
      sheet.row(t.markUp, price(part.markUp), { indent: 12 });
      sheet.row(t.fees, price(part.transactionFee), { indent: 12 });
      sheet.row(t.clickPrice, price(part.clickPrice), { indent: 12 });
      sheet.row(t.cost, formatMoney(part.cost, locale), { indent: 12 });
      if (executed) {
        sheet.row(
          t.marketAtExecution,
          `${price(executed.marketPrice)} (${t.clickPrice.toLowerCase()} ${price(executed.clickPrice)})`,
          { indent: 12 },
        );
      }
    }
    if (facts.totalCost) sheet.row(t.totalCost, formatMoney(facts.totalCost, locale));
    sheet.row(t.madeBy, person(click.made));
    if (click.decided) {
      sheet.row(
        click.decided.event === 'APPROVED' ? t.approvedBy : t.rejectedBy,
        person(click.decided),
      );
    }
    const factor = secondFactorOf(facts);
    if (factor) sheet.row(t.secondFactor, t.secondFactors[factor as keyof typeof t.secondFactors]);
    if (facts.termsVersion !== undefined) {
      sheet.row(t.termsVersion, facts.termsVersion === null ? t.none : String(facts.termsVersion));
    }
    if (facts.execution) sheet.row(t.executed, instant(facts.execution.at));
    if (facts.confirmation) sheet.row(t.confirmation, instant(facts.confirmation.sentAt));
    sheet.row(
      t.ledger,
      click.events.map((event) => `${event.seq} ${event.event} ${event.hash}`).join('\n'),
    );
  }

  sheet.heading(t.chainSection, 12);
  for (const chain of ['click_ledger', 'audit_log'] as const) {
    const head = statement.heads.find((candidate) => candidate.chain === chain);
    sheet.row(
      `${t.chains[chain]} (customer:${statement.customerId})`,
      head ? t.chainHead(head.seq, head.id, instant(head.at), head.hash) : t.noChain,
    );
  }
  sheet.paragraph(t.chainNote);
  sheet.heading('', 4, 6);
  sheet.paragraph(words.timeZoneNote);
  return finish();
}

export interface StatementFile {
  filename: string;
  contentType: 'application/pdf' | 'text/csv; charset=utf-8';
  bytes: Uint8Array;
}

/** The statement for someone who may see the customer's clicks. */
export async function statementForReader(
  db: Db,
  auth: AuthContext,
  request: {
    customerId: number;
    from: string;
    to: string;
    format: 'pdf' | 'csv';
    locale: Locale;
    title: string;
    now: Date;
  },
): Promise<StatementFile> {
  await assertMaySee(db, auth, request.customerId);
  const statement = await readStatement(db, request.customerId, request.from, request.to);
  const filename = STATEMENT_TEXTS[request.locale].filename(
    request.customerId,
    request.from,
    request.to,
    request.format,
  );
  if (request.format === 'csv') {
    return {
      filename,
      contentType: 'text/csv; charset=utf-8',
      bytes: new TextEncoder().encode(statementCsv(statement, request.locale)),
    };
  }
  return {
    filename,
    contentType: 'application/pdf',
    bytes: await statementPdf(statement, request.locale, request.title, request.now),
  };
}
