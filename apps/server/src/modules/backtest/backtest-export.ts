import PDFDocument from 'pdfkit';
import type { Backtest, Locale, StrategyResult } from '@klik/api';
import { csvField, xlsxSheetsOf, type Cell } from '../clicks/click-export';
import {
  formatMoney,
  formatPrice,
  formatVolume,
} from '../click-confirmation/click-confirmation-text';
import { BACKTEST_TEXTS, type BacktestTexts } from './backtest-text';

/*
 * A replayed contract year as a file (docs/backtest.md, "Exports"), headed in the language asked
 * for. CSV and XLSX: the strategies table (one row per strategy) and the attribution below it
 * (XLSX: a second sheet), RFC 4180 with '.' decimals as the click and risk exports. PDF: a
 * one-pager with the customer, contract and year, the window, the strategies, the attribution
 * and a small line chart of the year's click price.
 */

/** Who the replay is of, for the file's heading. */
export interface ExportHead {
  customerName: string;
}

const text = (value: string | null): Cell => (value === null ? null : { text: value });
const number = (value: string | number | null): Cell =>
  value === null ? null : { number: String(value) };

function strategyColumns(t: BacktestTexts): string[] {
  const c = t.columns;
  return [
    c.strategy,
    c.unavailable,
    c.clickCount,
    c.volume,
    c.totalCost,
    c.averagePrice,
    c.resultAgainstActual,
    c.resultAgainstActualPerMwh,
  ];
}

function strategyRows(backtest: Backtest, t: BacktestTexts): Cell[][] {
  return backtest.strategies.map((one) => [
    text(t.strategies[one.strategy]),
    text(one.unavailable === null ? null : t.unavailable[one.unavailable]),
    number(one.unavailable === null ? one.clickCount : null),
    number(one.unavailable === null ? one.volume : null),
    number(one.totalCost),
    number(one.averagePrice),
    number(one.resultAgainstActual),
    number(one.resultAgainstActualPerMwh),
  ]);
}

function attributionColumns(t: BacktestTexts): string[] {
  return [t.attribution, `${t.columns.totalCost.replace(/ \(EUR\)$/, '')} (EUR)`];
}

function attributionRows(backtest: Backtest, t: BacktestTexts): Cell[][] {
  const a = backtest.attribution;
  if (a === null) return [[text(t.noAttribution), null]];
  const parts = t.attributionParts;
  return [
    [text(`${parts.total}: ${t.strategies[a.reference]}`), number(a.total)],
    [text(parts.timing), number(a.timing)],
    [text(parts.volume), number(a.volume)],
    [text(parts.margin), number(a.margin)],
  ];
}

function csvLines(columns: readonly string[], rows: readonly Cell[][]): string[] {
  return [
    columns.map((column) => csvField({ text: column })).join(','),
    ...rows.map((row) => row.map(csvField).join(',')),
  ];
}

export function backtestCsv(backtest: Backtest, locale: Locale): string {
  const t = BACKTEST_TEXTS[locale];
  const lines = [
    ...csvLines(strategyColumns(t), strategyRows(backtest, t)),
    '',
    ...csvLines(attributionColumns(t), attributionRows(backtest, t)),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

export function backtestXlsx(backtest: Backtest, locale: Locale): Promise<Buffer> {
  const t = BACKTEST_TEXTS[locale];
  return xlsxSheetsOf([
    { sheet: t.sheet, columns: strategyColumns(t), rows: strategyRows(backtest, t) },
    {
      sheet: t.attributionSheet,
      columns: attributionColumns(t),
      rows: attributionRows(backtest, t),
    },
  ]);
}

const MARGIN = 40;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/** The one-pager; answers the PDF's bytes. The same replay gives the same file. */
export async function backtestPdf(
  backtest: Backtest,
  head: ExportHead,
  locale: Locale,
  portalTitle: string,
): Promise<Uint8Array> {
  const t = BACKTEST_TEXTS[locale];
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: locale,
    displayTitle: true,
    info: {
      Title: `${portalTitle} – ${t.documentTitle} ${backtest.contractId} ${backtest.yearOfSupply}`,
      Author: portalTitle,
      Subject: t.documentTitle,
      CreationDate: new Date(0),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const none = t.none;
  const money = (value: string | null) => (value === null ? none : formatMoney(value, locale));
  const price = (value: string | null) => (value === null ? none : formatPrice(value, locale));

  let y = MARGIN;
  doc.font(BOLD).fontSize(16).text(`${portalTitle} – ${t.documentTitle}`, MARGIN, y, { width });
  y += 26;
  const row = (label: string, value: string) => {
    doc.font(BOLD).fontSize(9).text(label, MARGIN, y, { width: 120 });
    doc
      .font(FONT)
      .fontSize(9)
      .text(value, MARGIN + 125, y, { width: width - 125 });
    y += Math.max(12, doc.heightOfString(value, { width: width - 125 }) + 2);
  };
  row(t.customer, head.customerName);
  row(
    t.contract,
    `${backtest.contractId}, ${t.yearOfSupply.toLowerCase()} ${backtest.yearOfSupply}`,
  );
  row(
    t.window,
    backtest.window === null
      ? t.noWindow
      : `${backtest.window.from} – ${backtest.window.to}${backtest.open ? ` ${t.openWindow}` : ''}`,
  );
  row(t.volume, formatVolume(backtest.volume, locale));
  row(
    t.parameters,
    t.parameterText({
      ...backtest.parameters,
      reference: t.strategies[backtest.parameters.reference],
    }),
  );
  if (backtest.twelveMonth) {
    const m = backtest.twelveMonth;
    row(t.twelveMonth, t.twelveMonthText(price(m.average), price(m.high), price(m.low)));
  }
  if (backtest.bestDay && backtest.worstDay) {
    row(t.bestDay, `${backtest.bestDay.day}: ${money(backtest.bestDay.totalCost)}`);
    row(t.worstDay, `${backtest.worstDay.day}: ${money(backtest.worstDay.totalCost)}`);
    row(t.spread, money(backtest.spread));
  }

  // The strategies table.
  y += 8;
  const c = t.columns;
  const columns: { title: string; width: number; value: (s: StrategyResult) => string }[] = [
    {
      title: c.strategy,
      width: 150,
      value: (s) =>
        t.strategies[s.strategy] + (s.unavailable ? ` (${t.unavailable[s.unavailable]})` : ''),
    },
    { title: c.clickCount, width: 40, value: (s) => (s.unavailable ? none : String(s.clickCount)) },
    { title: c.totalCost, width: 95, value: (s) => money(s.totalCost) },
    { title: c.averagePrice, width: 95, value: (s) => price(s.averagePrice) },
    { title: c.resultAgainstActual, width: 0, value: (s) => money(s.resultAgainstActual) },
  ];
  columns[columns.length - 1]!.width =
    width - columns.slice(0, -1).reduce((acc, one) => acc + one.width, 0);
  const tableRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? BOLD : FONT).fontSize(8);
    let x = MARGIN;
    let height = 0;
    cells.forEach((cell, index) => {
      const w = columns[index]!.width - 4;
      doc.text(cell, x, y, { width: w });
      height = Math.max(height, doc.heightOfString(cell, { width: w }));
      x += columns[index]!.width;
    });
    y += height + 3;
  };
  tableRow(
    columns.map((one) => one.title),
    true,
  );
  doc
    .moveTo(MARGIN, y - 1)
    .lineTo(MARGIN + width, y - 1)
    .lineWidth(0.5)
    .stroke('#888888');
  for (const strategy of backtest.strategies) {
    tableRow(
      columns.map((one) => one.value(strategy)),
      strategy.strategy === 'ACTUAL' || strategy.strategy === backtest.parameters.reference,
    );
  }

  // The attribution.
  y += 8;
  doc.font(BOLD).fontSize(10).text(t.attribution, MARGIN, y, { width });
  y += 14;
  const a = backtest.attribution;
  if (a === null) {
    doc.font(FONT).fontSize(9).text(t.noAttribution, MARGIN, y, { width });
    y += 12;
  } else {
    row(`${t.attributionParts.total}`, `${money(a.total)} (${t.strategies[a.reference]})`);
    row(t.attributionParts.timing, money(a.timing));
    row(t.attributionParts.volume, money(a.volume));
    row(t.attributionParts.margin, money(a.margin));
  }

  // The year's click price as a line, drawn with paths.
  y += 10;
  drawChart(doc, backtest, t, { x: MARGIN, y, width, height: 150 });
  y += 175;
  doc.font(FONT).fontSize(7).fillColor('#555555').text(t.note, MARGIN, y, { width });

  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

function drawChart(
  doc: PDFKit.PDFDocument,
  backtest: Backtest,
  t: BacktestTexts,
  box: { x: number; y: number; width: number; height: number },
): void {
  doc.font(BOLD).fontSize(9).fillColor('#000000').text(t.chart, box.x, box.y, { width: box.width });
  const top = box.y + 14;
  const points = backtest.history.map((point) => ({ day: point.day, price: Number(point.price) }));
  doc.rect(box.x, top, box.width, box.height).lineWidth(0.5).stroke('#bbbbbb');
  if (points.length < 2) return;
  const low = Math.min(...points.map((p) => p.price));
  const high = Math.max(...points.map((p) => p.price));
  const span = high - low || 1;
  const xOf = (index: number) => box.x + (index / (points.length - 1)) * box.width;
  const yOf = (value: number) => top + box.height - ((value - low) / span) * (box.height - 10) - 5;
  doc.moveTo(xOf(0), yOf(points[0]!.price));
  points.forEach((point, index) => {
    if (index > 0) doc.lineTo(xOf(index), yOf(point.price));
  });
  doc.lineWidth(1).stroke('#1f5fa8');
  // The actual clicks as dots on their day.
  const indexOf = new Map(points.map((point, index) => [point.day, index]));
  const actual = backtest.strategies.find((one) => one.strategy === 'ACTUAL');
  for (const click of actual?.clicks ?? []) {
    const index = indexOf.get(click.day);
    if (index === undefined) continue;
    doc.circle(xOf(index), yOf(points[index]!.price), 2).fill('#c0392b');
  }
  doc.font(FONT).fontSize(7).fillColor('#333333');
  doc.text(high.toFixed(2), box.x + 2, top + 2);
  doc.text(low.toFixed(2), box.x + 2, top + box.height - 10);
  doc.text(points[0]!.day, box.x, top + box.height + 2);
  doc.text(points[points.length - 1]!.day, box.x + box.width - 50, top + box.height + 2, {
    width: 50,
    align: 'right',
  });
  doc.fillColor('#000000');
}
