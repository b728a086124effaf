import PDFDocument from 'pdfkit';
import type { Locale } from '@klik/api';
import type { ConfirmationFacts, ConfirmationPerson } from './click-confirmation.repository';
import {
  CONFIRMATION_TEXTS,
  formatInstant,
  formatMoney,
  formatPrice,
  formatVolume,
} from './click-confirmation-text';

const MARGIN = 50;
const LABEL_WIDTH = 190;
const VALUE_X = MARGIN + LABEL_WIDTH;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/** Writes rows of label and value down an A4 page, starting a new page when one is full. */
export class Sheet {
  readonly doc: PDFKit.PDFDocument;
  #y = MARGIN;

  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc;
  }

  get #valueWidth(): number {
    return this.doc.page.width - MARGIN - VALUE_X;
  }

  #room(height: number): void {
    if (this.#y + height > this.doc.page.height - MARGIN) {
      this.doc.addPage();
      this.#y = MARGIN;
    }
  }

  heading(text: string, size: number, gapBefore = 14): void {
    this.doc.font(BOLD).fontSize(size);
    const height = this.doc.heightOfString(text, { width: this.doc.page.width - 2 * MARGIN });
    this.#room(gapBefore + height + 8);
    this.#y += gapBefore;
    this.doc.text(text, MARGIN, this.#y, { width: this.doc.page.width - 2 * MARGIN });
    this.#y += height + 6;
  }

  paragraph(text: string): void {
    this.doc.font(FONT).fontSize(9);
    const width = this.doc.page.width - 2 * MARGIN;
    const height = this.doc.heightOfString(text, { width });
    this.#room(height);
    this.doc.text(text, MARGIN, this.#y, { width });
    this.#y += height + 4;
  }

  row(label: string, value: string, options: { bold?: boolean; indent?: number } = {}): void {
    const indent = options.indent ?? 0;
    this.doc.font(options.bold ? BOLD : FONT).fontSize(10);
    const labelHeight = this.doc.heightOfString(label, { width: LABEL_WIDTH - indent - 8 });
    const valueHeight = this.doc.heightOfString(value, { width: this.#valueWidth });
    const height = Math.max(labelHeight, valueHeight);
    this.#room(height);
    this.doc.text(label, MARGIN + indent, this.#y, { width: LABEL_WIDTH - indent - 8 });
    this.doc.text(value, VALUE_X, this.#y, { width: this.#valueWidth });
    this.#y += height + 3;
  }
}

/** An A4 document of rows (the confirmation, the statement); finish() ends it and answers its bytes. */
export function openPdf(
  locale: Locale,
  info: PDFKit.DocumentInfo,
): { sheet: Sheet; finish: () => Promise<Uint8Array> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: locale,
    displayTitle: true,
    info,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  return {
    sheet: new Sheet(doc),
    finish: async () => {
      doc.end();
      await ended;
      return new Uint8Array(Buffer.concat(chunks));
    },
  };
}

function personText(person: ConfirmationPerson): string {
  return person.name === person.username ? person.name : `${person.name} (${person.username})`;
}

/** Lays out the confirmation of a completed click; answers the PDF's bytes. */
export async function writeConfirmationPdf(
  facts: ConfirmationFacts,
  locale: Locale,
  portalTitle: string,
): Promise<Uint8Array> {
  const t = CONFIRMATION_TEXTS[locale];
  const { sheet, finish } = openPdf(locale, {
    Title: `${portalTitle} – ${t.documentTitle} ${facts.clickId}`,
    Author: portalTitle,
    Subject: t.documentTitle,
    // The document describes the click as completed; the same click gives the same PDF.
    CreationDate: facts.completedAt,
  });
  const instant = (at: Date | null) => (at === null ? t.none : formatInstant(at, locale));
  const price = (value: string | null) => (value === null ? t.none : formatPrice(value, locale));

  sheet.heading(portalTitle, 20, 0);
  sheet.heading(`${t.documentTitle} ${facts.clickId}`, 15, 2);
  sheet.paragraph(t.intro);

  sheet.heading(t.sections.contract, 12);
  sheet.row(t.clickId, String(facts.clickId));
  sheet.row(t.customer, facts.customerName);
  sheet.row(t.contract, facts.contractId);
  sheet.row(t.commodity, t.commodities[facts.commodity]);
  sheet.row(t.product, facts.product);
  sheet.row(
    t.period,
    `${facts.maturity} ${facts.yearOfSupply} (${t.maturityWords(facts.maturity)} ${facts.yearOfSupply})`,
  );
  sheet.row(t.market, t.markets[facts.market]);
  sheet.row(t.priceSource, facts.priceSource ? t.priceSources[facts.priceSource] : t.none);
  sheet.row(t.priceAt, instant(facts.priceAt));

  sheet.heading(t.sections.prices, 12);
  for (const part of facts.parts) {
    sheet.row(`${t.parts[part.name]} (${part.product})`, '', { bold: true });
    sheet.row(t.volume, formatVolume(part.volume, locale), { indent: 12 });
    sheet.row(t.marketPrice, price(part.marketPrice), { indent: 12 });
    sheet.row(t.markUp, price(part.markUp), { indent: 12 });
    sheet.row(t.fees, price(part.transactionFee), { indent: 12 });
    sheet.row(
      t.margin,
      part.margin ? t.marginScenario(part.margin.name, part.margin.version) : t.contractMargin,
      { indent: 12 },
    );
    sheet.row(t.clickPrice, price(part.price), { indent: 12 });
    sheet.row(t.cost, formatMoney(part.cost, locale), { indent: 12 });
  }
  sheet.row(t.totalCost, formatMoney(facts.totalCost, locale), { bold: true });

  sheet.heading(t.sections.timeline, 12);
  sheet.row(t.quoteId, facts.quote?.id ?? t.none);
  sheet.row(t.quoted, instant(facts.quote?.createdAt ?? null));
  sheet.row(t.quoteValidUntil, instant(facts.quote?.expiresAt ?? null));
  sheet.row(t.executed, instant(facts.createdAt));
  if (facts.approvedAt) sheet.row(t.approved, instant(facts.approvedAt));
  sheet.row(t.completed, instant(facts.completedAt));

  sheet.heading(t.sections.people, 12);
  sheet.row(t.clickedBy, facts.clickedBy ? personText(facts.clickedBy) : t.automatic);
  if (facts.impersonator) sheet.row(t.impersonator, personText(facts.impersonator));
  const order = facts.standingOrder;
  if (order) {
    sheet.row(t.standingOrder, t.standingOrderRule(order.id, order.triggeredBy, order.threshold));
    sheet.row(
      t.triggerPrice,
      `${price(order.marketPrice)}${order.marketProduct ? ` ${order.marketProduct}` : ''}, ${instant(order.pricedAt)}`,
    );
    sheet.row(t.triggerClickPrice, price(order.clickPrice));
  }
  sheet.row(
    t.approvedBy,
    facts.approvedBy
      ? `${personText(facts.approvedBy)}, ${instant(facts.approvedAt)}`
      : t.approvalNotRequired,
  );
  sheet.heading('', 4, 6);
  sheet.paragraph(t.timeZoneNote);

  return finish();
}
