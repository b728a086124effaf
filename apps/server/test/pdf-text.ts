import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const fontsUrl = pathToFileURL(
  join(
    dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
    'standard_fonts/',
  ),
).href;

/**
 * The text of a PDF as a reader sees it: per page, the pieces on one line (same baseline) joined
 * by a space from left to right, lines from top to bottom.
 */
export async function pdfLines(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: fontsUrl,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  const lines: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    const rows = new Map<number, { x: number; text: string }[]>();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const y = Math.round(item.transform[5] as number);
      const row = rows.get(y) ?? [];
      row.push({ x: item.transform[4] as number, text: item.str.trim() });
      rows.set(y, row);
    }
    for (const y of [...rows.keys()].sort((a, b) => b - a)) {
      const row = (rows.get(y) ?? []).sort((a, b) => a.x - b.x);
      lines.push(row.map((piece) => piece.text).join(' '));
    }
  }
  await pdf.destroy();
  return lines;
}
