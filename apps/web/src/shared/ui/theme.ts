import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  // The darker shade keeps links and filled buttons above WCAG AA contrast on white.
  primaryShade: { light: 9, dark: 6 },
  defaultRadius: 'md',
  focusRing: 'auto',
});
