import { useMemo, type ReactNode } from 'react';
import {
  MantineThemeProvider,
  createTheme,
  type DrawerProps,
  type ModalProps,
  type MultiSelectProps,
  type NotificationProps,
  type PaginationProps,
  type PasswordInputProps,
  type SelectProps,
} from '@mantine/core';
import type { Translate } from '../i18n/use-t';
import { useT } from '../i18n/use-t';

/**
 * The texts Mantine's components carry of their own (a password's show/hide button, a dialog's or
 * a message's close button, a pager's arrows, an empty choice list) in the user's language. The
 * theme is read below the locale, so these defaults follow a switch of language; a screen that
 * names one of them itself (a pager "of notifications") still wins.
 *
 * Each component is named by its key, not through `Component.extend`: importing the components
 * themselves would put the select, dialog and pager code on every page's path, the login page's
 * too, which uses none of them (docs/performance.md).
 */
export function localisedComponents(t: Translate) {
  const close = { 'aria-label': t('app.close') };
  return createTheme({
    components: {
      // Named without the word "password": a password field is found by its label, and its
      // button must not answer to that label too.
      PasswordInput: {
        defaultProps: {
          visibilityToggleButtonProps: { 'aria-label': t('app.password.toggleVisibility') },
        } satisfies Partial<PasswordInputProps>,
      },
      Modal: { defaultProps: { closeButtonProps: close } satisfies Partial<ModalProps> },
      Drawer: { defaultProps: { closeButtonProps: close } satisfies Partial<DrawerProps> },
      Notification: {
        defaultProps: { closeButtonProps: close } satisfies Partial<NotificationProps>,
      },
      Pagination: {
        defaultProps: {
          getControlProps: (control) => ({ 'aria-label': t(`app.page.${control}`) }),
        } satisfies Partial<PaginationProps>,
      },
      Select: {
        defaultProps: { nothingFoundMessage: t('app.nothingFound') } satisfies Partial<SelectProps>,
      },
      MultiSelect: {
        defaultProps: {
          nothingFoundMessage: t('app.nothingFound'),
        } satisfies Partial<MultiSelectProps>,
      },
    },
  });
}

/** Gives Mantine's own component texts in the current locale to everything below. */
export function LocalisedComponents({ children }: { children: ReactNode }) {
  const t = useT();
  const theme = useMemo(() => localisedComponents(t), [t]);
  return <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>;
}
