/**
 * Mantine shows input descriptions in its dimmed grey, below WCAG AA contrast on white; these
 * screens explain limits and DC_ reasons there, so they use a darker grey.
 */
export const READABLE_DESCRIPTION = {
  description: { color: 'var(--mantine-color-gray-7)' },
} as const;
