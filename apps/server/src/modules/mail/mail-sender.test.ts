import { describe, expect, it } from 'vitest';
import { DevMailOutbox } from './mail-sender';

function recordingLog() {
  const lines: { level: string; details: object }[] = [];
  return {
    lines,
    info: (details: object) => lines.push({ level: 'info', details }),
    warn: (details: object) => lines.push({ level: 'warn', details }),
  };
}

const mail = { to: 'Eva@Example.test', locale: 'nl' as const, subject: 'Link', text: 'geheim' };
const now = () => new Date('2026-11-23T10:00:00Z');

describe('the development mail outbox', () => {
  it('keeps and logs each e-mail, listed per recipient regardless of case', async () => {
    const log = recordingLog();
    const outbox = new DevMailOutbox(log, now, true);
    await outbox.send(mail);
    await outbox.send({ ...mail, to: 'other@example.test' });
    expect(outbox.outbox('eva@example.test')).toEqual([
      {
        to: 'Eva@Example.test',
        locale: 'nl',
        subject: 'Link',
        text: 'geheim',
        at: now().toISOString(),
      },
    ]);
    expect(outbox.outbox()).toHaveLength(2);
    expect(log.lines[0]?.details).toMatchObject({ text: 'geheim' });
  });

  it('in production neither keeps nor logs what an e-mail says, and warns it was not sent', async () => {
    const log = recordingLog();
    const outbox = new DevMailOutbox(log, now, false);
    await outbox.send(mail);
    expect(outbox.outbox()).toEqual([]);
    expect(log.lines).toEqual([
      { level: 'warn', details: { to: 'Eva@Example.test', subject: 'Link' } },
    ]);
  });
});
