import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pdfLines } from '../../../test/pdf-text';
import {
  executeOk,
  purchaseWorld,
  quoteOk,
  type PurchaseWorld,
} from '../purchase/purchase-test-kit';
import { SmtpPeer } from './mail-test-kit';
import { onPostgres } from '../../../test/test-database';

const peer = new SmtpPeer();
let world: PurchaseWorld | undefined;

beforeAll(() => peer.up());
afterAll(() => peer.down());
afterEach(async () => {
  await world?.t.close();
  world = undefined;
  peer.received.length = 0;
});

describe(`the e-mail of a completed click on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('carries the click’s PDF confirmation in the user’s language', async () => {
    const w = await purchaseWorld({ env: { SMTP_URL: peer.url, KLIK_TITLE: 'Klik Energie' } });
    world = w;
    await w.t.db.updateTable('users').set({ locale: 'en' }).where('id', '=', w.user.id).execute();
    const clickId = (await executeOk(w, (await quoteOk(w)).quoteId)).id;
    // The desk completes the click, which notifies the customer's users.
    w.t.clock.advance(10_000);
    await w.t.app.purchase.desk.runOnce();
    const status = await w.t.db
      .selectFrom('clicks')
      .select('status')
      .where('id', '=', clickId)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('COMPLETED');

    expect((await w.t.app.mailWorker.tick()).sent).toBeGreaterThanOrEqual(1);

    const address = `${w.user.username}@example.test`;
    const completed = peer.received.filter(
      (mail) => mail.to.includes(address) && mail.attachments.length > 0,
    );
    expect(completed).toHaveLength(1);
    const [mail] = completed;
    expect(mail?.subject).toContain(String(clickId));
    expect(mail?.attachments).toHaveLength(1);
    const [pdf] = mail?.attachments ?? [];
    expect(pdf?.filename).toBe(`click-confirmation-${clickId}.pdf`);
    expect(pdf?.contentType).toBe('application/pdf');
    expect(pdf?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const lines = await pdfLines(new Uint8Array(pdf?.content ?? Buffer.alloc(0)));
    expect(lines.slice(0, 2)).toEqual(['Klik Energie', `Click confirmation ${clickId}`]);
    expect(lines).toContain('Total cost €10,837.50');
  });
});
