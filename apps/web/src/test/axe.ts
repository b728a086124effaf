import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Fails with the rules a screen breaks, as axe-core finds them in the rendered page. Colour
 * contrast needs a browser's layout, which jsdom has not: the browser tests check it.
 */
export async function expectNoAxeViolations(container: Element = document.body): Promise<void> {
  const results = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false } },
  });
  const violations = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} at ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
  expect(violations).toEqual([]);
}
