import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Locale, Notification } from '@klik/api';
import { I18nProvider } from '../../../shared/i18n/i18n-provider';
import { useT } from '../../../shared/i18n/use-t';
import { notificationText } from './notification-text';

function reminder(tradingDaysLeft: number): Notification {
  return {
    id: 7,
    localeId: 'notification.DEADLINE_APPROACHING',
    publishDate: '2026-03-25T09:00:00.000Z',
    read: false,
    kind: 'DEADLINE_APPROACHING',
    params: {
      contractId: 'KL-1001',
      yearOfSupply: 2026,
      maturity: 'M4',
      deadline: '2026-03-31',
      tradingDaysLeft,
      openVolume: '100.125',
    },
    customerId: 3,
    clickId: null,
    contractId: 'KL-1001',
    announcement: null,
    hasAttachment: false,
    attachmentLocales: [],
  };
}

function Title({ notification, locale }: { notification: Notification; locale: Locale }) {
  const t = useT();
  return <p>{notificationText(notification, t, locale).title}</p>;
}

function show(notification: Notification, locale: Locale) {
  render(
    <I18nProvider locale={locale} translations={{}}>
      <Title notification={notification} locale={locale} />
    </I18nProvider>,
  );
}

describe('the deadline reminder text', () => {
  it('reads in Dutch with the period, deadline, trading days and open volume', () => {
    show(reminder(5), 'nl');
    expect(
      screen.getByText(
        'De klikdeadline van M4 2026 van contract KL-1001 nadert: 31-03-2026, nog 5 handelsdagen om de open 100,125 MWh te klikken.',
      ),
    ).toBeInTheDocument();
  });

  it('reads in English, one trading day in the singular', () => {
    show(reminder(1), 'en');
    expect(
      screen.getByText(
        'The click deadline of M4 2026 of contract KL-1001 is approaching: 31/03/2026, 1 trading day left to click the open 100.125 MWh.',
      ),
    ).toBeInTheDocument();
  });
});

function clickNotification(params: Notification['params']): Notification {
  return {
    ...reminder(1),
    localeId: 'notification.CLICK_CREATED',
    kind: 'CLICK_CREATED',
    params: { clickId: 41, contractId: 'KL-1001', yearOfSupply: 2027, maturity: 'Q1', ...params },
    clickId: 41,
  };
}

describe('the text of a click a TPI consultant made for the user', () => {
  const acting = { actingConsultant: 'Joost Mulder', actingUser: 'Anna de Vries' };

  it('says in Dutch who clicked for whom', () => {
    show(clickNotification(acting), 'nl');
    expect(
      screen.getByText(
        'Uw klik (geklikt door Joost Mulder voor Anna de Vries) op Q1 2027 van contract KL-1001 is geplaatst en in behandeling.',
      ),
    ).toBeInTheDocument();
  });

  it('says it in English', () => {
    show(clickNotification(acting), 'en');
    expect(
      screen.getByText(
        'Your click (clicked by Joost Mulder for Anna de Vries) on Q1 2027 of contract KL-1001 has been placed and is in progress.',
      ),
    ).toBeInTheDocument();
  });

  it("says nothing of it for the user's own click", () => {
    show(clickNotification({}), 'nl');
    expect(
      screen.getByText('Uw klik op Q1 2027 van contract KL-1001 is geplaatst en in behandeling.'),
    ).toBeInTheDocument();
  });
});

describe('the price alert text', () => {
  const alert = (part: string): Notification => ({
    ...reminder(1),
    localeId: 'notification.PRICE_ALERT',
    kind: 'PRICE_ALERT',
    params: {
      alertId: 9,
      contractId: 'KL-1001',
      part,
      yearOfSupply: 2027,
      maturity: 'Q1',
      market: 'OTC',
      direction: 'EQUAL_OR_LOWER',
      threshold: '80',
      alertPrice: '79.5',
    },
  });
  const plain = (text: string | null) => (text ?? '').replace(/\u00a0|\u202f/g, ' ');

  it('names the contract, part, period, market, direction, threshold and price (nl and en)', () => {
    show(alert('OffPeak'), 'nl');
    expect(plain(screen.getByText(/^Prijsalert/).textContent)).toBe(
      'Prijsalert KL-1001 (dal) Q1 2027 (OTC): de marktprijs € 79,50/MWh is gelijk aan of lager dan uw drempel van € 80,00/MWh.',
    );
  });

  it('reads in English, a gas contract without a part', () => {
    show(alert('Gas'), 'en');
    expect(plain(screen.getByText(/^Price alert/).textContent)).toBe(
      'Price alert KL-1001 Q1 2027 (OTC): the market price €79.50/MWh is equal to or lower than your threshold of €80.00/MWh.',
    );
  });
});
