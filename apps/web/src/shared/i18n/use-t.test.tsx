import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from './i18n-provider';
import type { MessageKey } from './catalogues';
import { useT } from './use-t';

function Show({ id, values }: { id: string; values?: Record<string, string> }) {
  const t = useT();
  return <p>{t(id as MessageKey, values)}</p>;
}

describe('translation', () => {
  it('renders a catalogue message in the chosen locale', () => {
    render(
      <I18nProvider locale="en" translations={{}}>
        <Show id="login.username" />
      </I18nProvider>,
    );
    expect(screen.getByText('Username')).toBeInTheDocument();
  });

  it('fills ICU placeholders', () => {
    render(
      <I18nProvider locale="nl" translations={{}}>
        <Show id="myInfo.impersonated" values={{ user: 'jansen', by: 'beheer' }} />
      </I18nProvider>,
    );
    expect(screen.getByText('Ingelogd als jansen door beheer')).toBeInTheDocument();
  });

  it('renders a missing key as [[key]]', () => {
    render(
      <I18nProvider locale="nl" translations={{}}>
        <Show id="no.such.key" />
      </I18nProvider>,
    );
    expect(screen.getByText('[[no.such.key]]')).toBeInTheDocument();
  });

  it("lets the deployment's translations override the catalogue for that locale only", () => {
    const translations = { nl: { 'login.username': 'Klantnummer' } };
    const { unmount } = render(
      <I18nProvider locale="nl" translations={translations}>
        <Show id="login.username" />
      </I18nProvider>,
    );
    expect(screen.getByText('Klantnummer')).toBeInTheDocument();
    unmount();
    render(
      <I18nProvider locale="en" translations={translations}>
        <Show id="login.username" />
      </I18nProvider>,
    );
    expect(screen.getByText('Username')).toBeInTheDocument();
  });

  it("lets a deployment word the Internet Explorer warning under the spec's key names", () => {
    const translations = {
      nl: {
        'internet explorer.part1': 'Deze browser kennen wij niet meer.',
        'internet explorer.part2': 'Gebruik een andere.',
        'internet explorer.part3': 'Download Edge',
        // Both names given: the catalogue's own key wins.
        'ie.warning.part3': 'Download Chrome',
      },
    };
    render(
      <I18nProvider locale="nl" translations={translations}>
        <Show id="ie.warning.part1" />
        <Show id="ie.warning.part2" />
        <Show id="ie.warning.part3" />
      </I18nProvider>,
    );
    expect(screen.getByText('Deze browser kennen wij niet meer.')).toBeInTheDocument();
    expect(screen.getByText('Gebruik een andere.')).toBeInTheDocument();
    expect(screen.getByText('Download Chrome')).toBeInTheDocument();
  });

  it("fills the spec's {0}, {1} placeholders of a deployment's text with the catalogue's arguments in order", () => {
    const translations = { nl: { 'myInfo.impersonated': '{1} werkt als {0}' } };
    render(
      <I18nProvider locale="nl" translations={translations}>
        <Show id="myInfo.impersonated" values={{ user: 'jansen', by: 'beheer' }} />
      </I18nProvider>,
    );
    expect(screen.getByText('beheer werkt als jansen')).toBeInTheDocument();
  });
});
