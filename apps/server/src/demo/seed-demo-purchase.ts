import type { Db } from '../db/database';

/** Demo customers that show the extra steps of a click (docs/purchase.md). */
export const DEMO_SMS_CUSTOMER = 'Metaalbewerking Jansen & Zonen B.V.';
export const DEMO_APPROVAL_CUSTOMER = 'Tuinbouwbedrijf De Groene Kas B.V.';
/** Its gas contracts limit the clicks per year, so the click counter has something to count. */
export const DEMO_LIMITED_CUSTOMER = 'Bakkerij Van der Meer B.V.';
export const DEMO_MAX_CLICKS_PER_YEAR = 12;

/** Made-up numbers; the development gateway only writes codes to the log. */
const DEMO_MOBILES: Record<string, string> = {
  customer: '+31612345670',
  consultant: '+31612345671',
  tpi: '+31612345672',
  viewer: '+31612345673',
};

export const DEMO_TERMS = {
  nl: [
    'Voorwaarden voor klikken (versie 1)',
    '',
    '1. Een klik legt de prijs vast van het gekozen deel van uw gecontracteerde volume voor de gekozen periode. De prijs is de marktprijs op het moment van bevestigen, verhoogd met de opslag en transactiekosten uit uw contract.',
    '2. Een bevestigde klik is bindend. Een klik die op goedkeuring wacht, wordt pas bindend na goedkeuring door een tweede bevoegde gebruiker.',
    '3. Een klik op ICE Endex wordt afgerekend tegen de slotkoers of de overnight-fixing van de handelsdag waarop de order geldt.',
    '4. De getoonde prijs is 5 minuten geldig. Daarna vraagt u een nieuwe prijs aan.',
  ].join('\n'),
  en: [
    'Terms for clicking (version 1)',
    '',
    '1. A click fixes the price of the chosen share of your contracted volume for the chosen period. The price is the market price at the moment of confirmation plus the mark-up and transaction fees of your contract.',
    '2. A confirmed click is binding. A click awaiting approval becomes binding only once a second authorised user approves it.',
    '3. A click on ICE Endex is settled at the settlement price or the overnight fixing of the trading day the order applies to.',
    '4. The price shown holds for 5 minutes. After that, request a new price.',
  ].join('\n'),
};

/**
 * Mobile numbers, one customer requiring SMS codes, one requiring approval, click limits on one
 * customer's gas contracts, and terms version 1.
 */
export async function seedDemoPurchase(trx: Db, at: Date = new Date()): Promise<void> {
  await trx
    .updateTable('customers')
    .set({ require_sms: true })
    .where('name', '=', DEMO_SMS_CUSTOMER)
    .execute();
  await trx
    .updateTable('customers')
    .set({ require_approval: true })
    .where('name', '=', DEMO_APPROVAL_CUSTOMER)
    .execute();
  await trx
    .updateTable('contracts')
    .set({ max_clicks_per_year: DEMO_MAX_CLICKS_PER_YEAR })
    .where('commodity', '=', 'Gas')
    .where('customer_id', 'in', (eb) =>
      eb.selectFrom('customers').select('id').where('name', '=', DEMO_LIMITED_CUSTOMER),
    )
    .execute();
  for (const [username, mobile] of Object.entries(DEMO_MOBILES)) {
    await trx.updateTable('users').set({ mobile }).where('username', '=', username).execute();
  }
  await trx
    .insertInto('terms_versions')
    .values({
      customer_id: null,
      version: 1,
      body_nl: DEMO_TERMS.nl,
      body_en: DEMO_TERMS.en,
      published_at: at,
    })
    .execute();
}
