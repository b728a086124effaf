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
