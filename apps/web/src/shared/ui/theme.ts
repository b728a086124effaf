import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  // The darker shade keeps links and filled buttons above WCAG AA contrast on white.
  primaryShade: { light: 9, dark: 6 },
  defaultRadius: 'md',
  focusRing: 'auto',
});

/**
 * Mantine's dimmed grey (hints under fields, secondary text) is 3.3:1 on white; a shade darker
 * meets WCAG AA's 4.5:1 for the small text it is used for. Its error red (a field's message and
 * the text of a field in error) is 3.3:1 too; red 9 is above 4.5:1. A filled button under the
 * pointer turns a shade lighter (teal 8, 3.9:1 with its white label): it turns darker instead.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-primary-color-filled-hover': '#066649',
    '--mantine-color-teal-filled-hover': '#066649',
  },
  dark: {},
});
