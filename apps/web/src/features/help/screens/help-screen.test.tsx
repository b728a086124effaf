import userEvent from '@testing-library/user-event';
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DISABLE_CLICK_REASONS } from '@klik/domain';
import { startSession } from '../../../shared/session/session-store';
import { expectNoAxeViolations } from '../../../test/axe';
import { aUserSession } from '../../../test/builders';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

function open(env: Parameters<typeof createFakeServer>[0]['env'] = {}, path = '/help') {
  startSession(aUserSession());
  renderApp(createFakeServer({ env }), path);
  return userEvent.setup();
}

describe('help screen', () => {
  it('explains clicking, every DC_ reason with what to do, and whom to contact, in Dutch', async () => {
    open();
    const help = await screen.findByTestId('screen-help');
    expect(within(help).getByRole('heading', { level: 1, name: 'Hulp' })).toBeInTheDocument();
    expect(help).toHaveTextContent(/10:00 tot 16:00/);
    expect(help).toHaveTextContent(/minder dan 1%/);
    expect(help).toHaveTextContent(/marktprijs plus de opslag plus de transactiekosten/);
    expect(help).toHaveTextContent(/ICE Endex: u plaatst een order/);
    for (const reason of DISABLE_CLICK_REASONS) {
      const row = screen.getByTestId(`help-reason-${reason}`);
      expect(within(row).getByRole('rowheader')).toHaveTextContent(reason);
      expect(within(row).getAllByRole('cell')).toHaveLength(2);
    }
    expect(screen.getByTestId('help-reason-DC_23')).toHaveTextContent(
      'Nog geen prijs beschikbaar voor deze periode',
    );
    expect(screen.getByTestId('help-contact')).toHaveTextContent(/accountmanager/);
    await expectNoAxeViolations();
  });

  it('speaks English after the switch and takes the contact text from the deployment', async () => {
    const user = open({
      translations: { en: { 'help.contact.body': 'Call Acme Energy on 0800 123.' } },
    });
    await screen.findByTestId('screen-help');
    await user.click(screen.getByTestId('locale-en'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    expect(screen.getByTestId('help-reason-DC_36')).toHaveTextContent('Click window is closed');
    expect(screen.getByTestId('help-contact')).toHaveTextContent('Call Acme Energy on 0800 123.');
  });

  it('is reached from the header link when displayHelp is on', async () => {
    const user = open({}, '/myinfo');
    await user.click(await screen.findByTestId('help-link'));
    expect(await screen.findByTestId('screen-help')).toBeInTheDocument();
  });

  it('says help is not available when displayHelp is off, without a header link', async () => {
    open({ displayHelp: false });
    expect(await screen.findByTestId('help-off')).toBeInTheDocument();
    expect(screen.queryByTestId('help-reasons')).not.toBeInTheDocument();
    expect(screen.queryByTestId('help-link')).not.toBeInTheDocument();
  });
});

describe('disclaimer', () => {
  it('is in the footer of signed-in screens when displayDisclaimer is on', async () => {
    open();
    await screen.findByTestId('screen-help');
    expect(screen.getByTestId('disclaimer')).toHaveTextContent(/geen rechten worden ontleend/);
    expect(screen.getByTestId('disclaimer').closest('footer')).not.toBeNull();
  });

  it('is nowhere when displayDisclaimer is off', async () => {
    open({ displayDisclaimer: false });
    await screen.findByTestId('screen-help');
    expect(screen.queryByTestId('disclaimer')).not.toBeInTheDocument();
  });

  it('is in the footer of the login screen', async () => {
    renderApp(createFakeServer({}), '/login');
    await screen.findByTestId('login-form');
    expect(screen.getByTestId('disclaimer').closest('footer')).not.toBeNull();
    await expectNoAxeViolations();
  });
});
