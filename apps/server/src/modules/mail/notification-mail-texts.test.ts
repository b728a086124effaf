import { describe, expect, it } from 'vitest';
import { notificationMail, type MailNotification } from './notification-mail';

const reminder: MailNotification = {
  id: 1,
  kind: 'DEADLINE_APPROACHING',
  params: {
    contractId: 'KL-1001',
    yearOfSupply: 2027,
    maturity: 'Q1',
    deadline: '2026-12-30',
    tradingDaysLeft: 3,
    openVolume: '120.5',
  },
  clickId: null,
  contractId: 'KL-1001',
  announcement: null,
};
const site = { title: 'Klik', publicUrl: 'https://klik.example.nl' };

describe('the deadline reminder e-mail', () => {
  it('names the last day to click as the recipient writes dates', () => {
    const dutch = notificationMail(reminder, { email: 'a@b.nl', name: 'A', locale: 'nl' }, site);
    expect(dutch.text).toContain(
      'De klikdeadline van contract KL-1001 (Q1 2027) nadert: de laatste dag om te klikken is 30-12-2026.',
    );
    const english = notificationMail(reminder, { email: 'a@b.nl', name: 'A', locale: 'en' }, site);
    expect(english.text).toContain('the last day to click is 30/12/2026.');
  });
});

describe('the e-mail of a click a TPI consultant made for the user', () => {
  const completed: MailNotification = {
    id: 2,
    kind: 'CLICK_COMPLETED',
    params: {
      clickId: 41,
      contractId: 'KL-1001',
      yearOfSupply: 2027,
      maturity: 'Q1',
      actingConsultant: 'Joost Mulder',
      actingUser: 'Anna de Vries',
    },
    clickId: 41,
    contractId: 'KL-1001',
    announcement: null,
  };

  it('says who clicked for whom, in Dutch and in English', () => {
    const dutch = notificationMail(completed, { email: 'a@b.nl', name: 'A', locale: 'nl' }, site);
    expect(dutch.text).toContain(
      'Klik 41 (geklikt door Joost Mulder voor Anna de Vries) op contract KL-1001 (Q1 2027) is afgerond',
    );
    const english = notificationMail(completed, { email: 'a@b.nl', name: 'A', locale: 'en' }, site);
    expect(english.text).toContain(
      'Click 41 (clicked by Joost Mulder for Anna de Vries) on contract KL-1001 (Q1 2027) has been completed',
    );
  });

  it('says nothing of it for a click the user made', () => {
    const own = {
      ...completed,
      params: { clickId: 41, contractId: 'KL-1001', yearOfSupply: 2027, maturity: 'Q1' },
    };
    const dutch = notificationMail(own, { email: 'a@b.nl', name: 'A', locale: 'nl' }, site);
    expect(dutch.text).toContain('Klik 41 op contract KL-1001 (Q1 2027) is afgerond');
  });
});

describe('the budget bandwidth e-mail', () => {
  const crossing = (direction: string): MailNotification => ({
    id: 3,
    kind: 'BUDGET_BANDWIDTH',
    params: {
      contractId: 'KL-1001',
      yearOfSupply: 2027,
      crossing: direction,
      expectedPrice: '81.25',
      lowerBound: '70',
      upperBound: '80',
    },
    clickId: null,
    contractId: 'KL-1001',
    announcement: null,
  });

  it('says which bound the expected price crossed, with the figures as the recipient writes them', () => {
    const dutch = notificationMail(
      crossing('LEFT_ABOVE'),
      { email: 'a@b.nl', name: 'A', locale: 'nl' },
      site,
    );
    expect(dutch.subject).toBe('Klik: Budget: de verwachte prijs is boven de bovengrens gekomen');
    expect(dutch.text).toContain(
      'De verwachte gemiddelde prijs van contract KL-1001 (2027) is boven de bovengrens gekomen: 81,25 EUR/MWh, bij een bandbreedte van 70 tot 80 EUR/MWh.',
    );
    const english = notificationMail(
      crossing('LEFT_BELOW'),
      { email: 'a@b.nl', name: 'A', locale: 'en' },
      site,
    );
    expect(english.text).toContain(
      'contract KL-1001 (2027) has fallen below the lower bound: 81.25 EUR/MWh, against a bandwidth of 70 to 80 EUR/MWh.',
    );
    const back = notificationMail(
      crossing('BACK_WITHIN'),
      { email: 'a@b.nl', name: 'A', locale: 'en' },
      site,
    );
    expect(back.subject).toBe('Klik: Budget: the expected price is back within the bandwidth');
  });
});
