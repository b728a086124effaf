import { describe, expect, it } from 'vitest';
import { impersonate } from '../../../test/test-app';
import { pdfLines } from '../../../test/pdf-text';
import {
  executeOk,
  type PurchaseWorld,
  purchaseWorlds,
  quoteOk,
  requireApproval,
  secondUser,
} from '../purchase/purchase-test-kit';
import { renderClickConfirmation } from './click-confirmation.service';
import { onPostgres } from '../../../test/test-database';

const openWorld = purchaseWorlds();

/** 25% of Q1 2027 (75 MWh per part) clicked at OTC 80/60 on Friday 11:00, completed 11:00:10. */
async function completedClick(
  setUp: (w: PurchaseWorld) => Promise<string | undefined> = async () => undefined,
): Promise<{ w: PurchaseWorld; clickId: number; quoteId: string }> {
  const w = await openWorld();
  const token = await setUp(w);
  const quote = await quoteOk(w, { percentage: '25' }, token);
  const click = await executeOk(w, quote.quoteId, token);
  w.t.clock.advance(10_000);
  await w.t.app.purchase.desk.runOnce();
  return { w, clickId: click.id, quoteId: quote.quoteId };
}

/** "Name (username)" of a user as the confirmation names them. */
async function person(w: PurchaseWorld, userId: number): Promise<string> {
  const user = await w.t.db
    .selectFrom('users')
    .select(['name', 'username'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return `${user.name} (${user.username})`;
}

async function confirmationLines(w: PurchaseWorld, clickId: number, locale: 'nl' | 'en') {
  const file = await renderClickConfirmation(w.t.db, clickId, locale, { title: 'Klik Energie' });
  return { file, lines: await pdfLines(file.bytes) };
}

describe(`click confirmation PDF on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('holds every fact of the completed click in Dutch, with the exact stored numbers', async () => {
    const { w, clickId, quoteId } = await completedClick();
    // Prices moving after the click change nothing in its confirmation.
    await w.t.db.updateTable('market_offers').set({ price: '999' }).execute();
    const { file, lines } = await confirmationLines(w, clickId, 'nl');
    expect(file.filename).toBe(`klik-bevestiging-${clickId}.pdf`);
    expect(file.contentType).toBe('application/pdf');
    expect(new TextDecoder().decode(file.bytes.slice(0, 5))).toBe('%PDF-');
    expect(lines).toEqual([
      'Klik Energie',
      `Klikbevestiging ${clickId}`,
      'Bevestiging van een afgeronde klik. Alle bedragen zijn zoals ze bij de klik zijn vastgelegd.',
      'Klant en contract',
      `Kliknummer ${clickId}`,
      `Klant ${w.customer.name}`,
      `Contract ${w.contract.contractId}`,
      'Energiesoort Stroom',
      'Product Stroom Peak/Off-peak NL',
      'Periode Q1 2027 (kwartaal 1 2027)',
      'Markt OTC',
      'Prijsbron OTC-liveprijs',
      'Marktprijs van 20-11-2026 11:00:00',
      'Volumes en prijzen',
      'Peak (NL_POWER_PEAK)',
      'Volume 75 MWh',
      'Marktprijs € 80,00/MWh',
      'Opslag € 2,00/MWh',
      'Transactiekosten € 0,25/MWh',
      'Marge Eigen opslag van het contract',
      'Klikprijs € 82,25/MWh',
      'Kosten € 6.168,75',
      'Off-peak (NL_POWER_OFFPEAK)',
      'Volume 75 MWh',
      'Marktprijs € 60,00/MWh',
      'Opslag € 2,00/MWh',
      'Transactiekosten € 0,25/MWh',
      'Marge Eigen opslag van het contract',
      'Klikprijs € 62,25/MWh',
      'Kosten € 4.668,75',
      'Totale kosten € 10.837,50',
      'Verloop',
      `Offerte ${quoteId}`,
      'Prijs opgevraagd 20-11-2026 11:00:00',
      'Offerte geldig tot 20-11-2026 11:05:00',
      'Bevestigd 20-11-2026 11:00:00',
      'Afgerond 20-11-2026 11:00:10',
      'Personen',
      `Geklikt door ${await person(w, w.user.id)}`,
      'Goedgekeurd door (vier ogen) Niet vereist',
      'Tijden in Nederlandse tijd (Europe/Amsterdam).',
    ]);
  });

  it('names the margin scenario and version that priced each part', async () => {
    const { w, clickId } = await completedClick(async (world) => {
      const { id } = await world.t.db
        .insertInto('margin_scenarios')
        .values({ created_at: new Date(0) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await world.t.db
        .insertInto('margin_scenario_versions')
        .values({
          scenario_id: id,
          version: 1,
          name: 'Bakkers 2027',
          valid_from: '2026-01-01',
          valid_until: null,
          effective_at: new Date(0),
          lines: JSON.stringify([
            {
              commodity: 'Power',
              part: 'Peak',
              maturityType: 'QUARTER',
              minVolume: null,
              markUp: '3',
              transactionFee: '0.5',
            },
          ]),
          created_at: new Date(0),
          created_by: null,
        })
        .execute();
      await world.t.db
        .insertInto('margin_scenario_customers')
        .values({ customer_id: world.customer.id, scenario_id: id })
        .execute();
      return undefined;
    });
    const { lines } = await confirmationLines(w, clickId, 'nl');
    const peak = lines.indexOf('Peak (NL_POWER_PEAK)');
    const offPeak = lines.indexOf('Off-peak (NL_POWER_OFFPEAK)');
    expect(lines.slice(peak, offPeak)).toEqual(
      expect.arrayContaining([
        'Opslag € 3,00/MWh',
        'Transactiekosten € 0,50/MWh',
        'Marge Margescenario Bakkers 2027, versie 1',
        'Klikprijs € 83,50/MWh',
      ]),
    );
    // The scenario has no Off-peak line: that part keeps the contract's own.
    expect(lines.slice(offPeak)).toContain('Marge Eigen opslag van het contract');
  });

  it('speaks English with English number formats', async () => {
    const { w, clickId } = await completedClick();
    const { file, lines } = await confirmationLines(w, clickId, 'en');
    expect(file.filename).toBe(`click-confirmation-${clickId}.pdf`);
    expect(lines).toEqual(
      expect.arrayContaining([
        `Click confirmation ${clickId}`,
        `Customer ${w.customer.name}`,
        'Commodity Power',
        'Period Q1 2027 (quarter 1 2027)',
        'Price source OTC live price',
        'Market price as of 20/11/2026 11:00:00',
        'Market price €80.00/MWh',
        'Mark-up €2.00/MWh',
        'Transaction fees €0.25/MWh',
        "Margin The contract's own mark-up",
        'Click price €82.25/MWh',
        'Cost €6,168.75',
        'Total cost €10,837.50',
        'Quoted 20/11/2026 11:00:00',
        'Completed 20/11/2026 11:00:10',
        `Clicked by ${await person(w, w.user.id)}`,
        'Approved by (four-eyes) Not required',
      ]),
    );
  });

  it('names the administrator who clicked signed in as the user (login-as)', async () => {
    let adminToken = '';
    const { w, clickId } = await completedClick(async (w) => {
      adminToken = await impersonate(w.t.app, w.t.db, w.user.username);
      return adminToken;
    });
    const admin = await w.t.db
      .selectFrom('users')
      .select(['name', 'username'])
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    const { lines } = await confirmationLines(w, clickId, 'en');
    expect(lines).toContain(`Clicked by ${await person(w, w.user.id)}`);
    expect(lines).toContain(
      `On behalf of this user by administrator ${admin.name} (${admin.username})`,
    );
  });

  it('names the second user who approved a four-eyes click, and when', async () => {
    const w = await openWorld();
    await requireApproval(w);
    const approver = await secondUser(w);
    const click = await executeOk(w, (await quoteOk(w)).quoteId);
    w.t.clock.advance(60_000);
    const approved = await w.t.app.inject({
      method: 'POST',
      url: `/rest/clicks/${click.id}/approve`,
      headers: { authorization: `Bearer ${approver.token}` },
    });
    expect(approved.statusCode).toBe(200);
    w.t.clock.advance(10_000);
    await w.t.app.purchase.desk.runOnce();
    const { lines } = await confirmationLines(w, click.id, 'nl');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Goedgekeurd 20-11-2026 11:01:00',
        'Afgerond 20-11-2026 11:01:10',
        `Goedgekeurd door (vier ogen) ${await person(w, approver.user.id)}, 20-11-2026 11:01:00`,
      ]),
    );
  });

  it('shows the ICE settlement the click was fixed at, not the indicative quoted price', async () => {
    const w = await openWorld();
    const quote = await quoteOk(w, { market: 'ICE', percentage: '10' });
    const click = await executeOk(w, quote.quoteId);
    await w.t.db
      .updateTable('market_offers')
      .set({ price: '90' })
      .where('market', '=', 'ICE')
      .where('product', '=', 'NL_POWER_PEAK')
      .where('maturity', '=', 'Q1')
      .execute();
    w.t.clock.set('2026-11-20T16:30:00Z'); // 17:30 Amsterdam: the settlement is known
    expect((await w.t.app.purchase.desk.runOnce()).completed).toBe(1);
    const { lines } = await confirmationLines(w, click.id, 'en');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Market ICE Endex',
        'Price source ICE Endex end-of-day settlement',
        'Market price as of 20/11/2026 17:30:00',
        'Volume 30 MWh',
        'Market price €90.00/MWh',
        'Click price €92.25/MWh',
        'Cost €2,767.50',
        'Market price €59.00/MWh',
        'Total cost €4,605.00',
      ]),
    );
  });

  it('refuses a click that has not completed, and one that does not exist', async () => {
    const w = await openWorld();
    const click = await executeOk(w, (await quoteOk(w)).quoteId);
    await expect(renderClickConfirmation(w.t.db, click.id, 'nl')).rejects.toMatchObject({
      code: 'CLICK_NOT_COMPLETED',
      options: { details: { status: 'IN_PROGRESS' } },
    });
    await expect(renderClickConfirmation(w.t.db, click.id + 1, 'nl')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
