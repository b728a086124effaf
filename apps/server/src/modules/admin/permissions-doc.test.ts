import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPermissionMatrix } from '@klik/api';

const DOC = join(import.meta.dirname, '..', '..', '..', '..', '..', 'docs', 'permissions.md');

/** A Markdown table as rows of trimmed cells, without its separator row (Prettier pads cells). */
function cellsOf(table: string): string[][] {
  return table
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('|') && !/^\|[\s:|-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

describe('docs/permissions.md', () => {
  it('shows the permission matrix the server enforces', () => {
    const doc = readFileSync(DOC, 'utf8');
    const match = /<!-- permission-matrix:start -->([\s\S]*?)<!-- permission-matrix:end -->/.exec(
      doc,
    );
    expect(match, 'the markers around the matrix').not.toBeNull();
    const rendered = renderPermissionMatrix();
    expect(
      cellsOf(match?.[1] ?? ''),
      `docs/permissions.md differs from the code; put this table between the markers:\n\n${rendered}\n`,
    ).toEqual(cellsOf(rendered));
  });
});
