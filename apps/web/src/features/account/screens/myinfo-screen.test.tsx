import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserSession } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { aUserSession } from '../../../test/builders';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

async function openMyInfo(overrides: Partial<UserSession>) {
  startSession(aUserSession(overrides));
  renderApp(createFakeServer({}), '/myinfo');
  return screen.findByTestId('screen-myinfo');
}

describe('my info', () => {
  it("shows the user's details, translated role, read-only status, customers and dashboards", async () => {
    const view = await openMyInfo({ role: 'accountmanager', readOnly: true });
    expect(view).toHaveTextContent('Piet Jansen');
    expect(view).toHaveTextContent('jansen');
    expect(screen.getByTestId('myinfo-role')).toHaveTextContent('Accountmanager');
    expect(view).toHaveTextContent('Ja, u kunt gegevens bekijken maar niet klikken');
    expect(view).toHaveTextContent('Bakkerij Jansen');
    expect(view).toHaveTextContent('Filialen');
    expect(view).toHaveTextContent('Jansen Logistiek');
    expect(view).toHaveTextContent('Depot');
    expect(view).not.toHaveTextContent('Ingelogd als');
  });

  it('says who signed in as this user', async () => {
    const view = await openMyInfo({ impersonatedBy: 'beheer' });
    expect(view).toHaveTextContent('Ingelogd als jansen door beheer');
  });

  it('switches language from the page', async () => {
    await openMyInfo({ role: 'customer' });
    const user = userEvent.setup();
    const [, englishOnPage] = screen.getAllByRole('button', { name: 'English' });
    await user.click(englishOnPage ?? screen.getByTestId('locale-en'));
    expect(await screen.findByRole('heading', { name: 'My info' })).toBeInTheDocument();
    expect(screen.getByTestId('myinfo-role')).toHaveTextContent('Customer');
  });
});
