import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MantineProvider,
  Modal,
  Notification,
  Pagination,
  PasswordInput,
  Select,
} from '@mantine/core';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@klik/api';
import { I18nProvider } from '../i18n/i18n-provider';
import { createFakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { LocalisedComponents } from './localised-components';
import { theme } from './theme';

/** The English texts Mantine's components carry of their own. */
const MANTINE_DEFAULTS = ['Toggle password visibility'];

function englishDefaultsIn(container: Element): string[] {
  return [...container.ownerDocument.querySelectorAll('[aria-label]')]
    .map((element) => element.getAttribute('aria-label') ?? '')
    .filter((label) => MANTINE_DEFAULTS.includes(label));
}

function renderComponents(locale: Locale) {
  return render(
    <MantineProvider theme={theme}>
      <I18nProvider locale={locale} translations={{}}>
        <LocalisedComponents>
          <PasswordInput label="Code" />
          <Pagination total={3} withEdges />
          <Notification onClose={() => {}}>…</Notification>
          <Select label="Klant" data={[]} searchable defaultDropdownOpened />
          <Modal opened onClose={() => {}} title="Dialoog">
            …
          </Modal>
        </LocalisedComponents>
      </I18nProvider>
    </MantineProvider>,
  );
}

describe("Mantine's own component texts", () => {
  it.each([
    ['nl', 'Tekens tonen', 'Sluiten', 'Vorige pagina', 'Niets gevonden'],
    ['en', 'Show characters', 'Close', 'Previous page', 'Nothing found'],
  ] as const)(
    'are in %s: the password toggle, close buttons, the pager and an empty choice',
    async (locale, toggle, close, previous, nothingFound) => {
      const view = renderComponents(locale);
      expect(screen.getByRole('button', { name: toggle })).toBeInTheDocument();
      // The message's close button and the dialog's.
      expect(await screen.findAllByRole('button', { name: close })).toHaveLength(2);
      expect(screen.getByRole('button', { name: previous })).toBeInTheDocument();
      expect(await screen.findByText(nothingFound)).toBeInTheDocument();
      expect(englishDefaultsIn(view.container)).toEqual([]);
    },
  );
});

describe('the password toggle in the portal', () => {
  it('is named in Dutch on the login screen, and in English after switching', async () => {
    const app = renderApp(createFakeServer({}), '/login');
    const form = await screen.findByTestId('login-form');
    expect(within(form).getByRole('button', { name: 'Tekens tonen' })).toBeInTheDocument();
    expect(englishDefaultsIn(app.container)).toEqual([]);

    await userEvent.setup().click(screen.getByTestId('locale-en'));
    await waitFor(() =>
      expect(within(form).getByRole('button', { name: 'Show characters' })).toBeVisible(),
    );
  });
});
