import { describe, expect, it } from 'vitest';
import { mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';
import { STATUS_COLORS } from './status-badge';
import { theme } from './theme';

const portalTheme = mergeMantineTheme(DEFAULT_THEME, theme);

/** A colour as the badge gets it: a palette's shade ("teal.9") or a colour of its own. */
function hexOf(color: string): string {
  if (color.startsWith('#')) return color;
  const [name, shade] = color.split('.');
  return portalTheme.colors[name!]![Number(shade)]!;
}

/** WCAG 2's relative luminance of a colour such as #087f5b. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('the status badges', () => {
  it.each(Object.entries(STATUS_COLORS))(
    'the %s badge has white text above WCAG AA contrast (4.5:1)',
    (_tone, color) => {
      expect(contrastWithWhite(hexOf(color))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it("Mantine's own teal 8 and orange 9 would not: why the badges take their colour here", () => {
    expect(contrastWithWhite(hexOf('teal.8'))).toBeLessThan(4.5);
    expect(contrastWithWhite(hexOf('orange.9'))).toBeLessThan(4.5);
  });
});
