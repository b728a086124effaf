import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../../test/builders';
import { raceUser } from '../../../test/race-app';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { AppError } from '../../kernel/http/app-error';
import { MultiClickService } from './multi-click.service';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('a multi-click item whose confirmation fails', () => {
  it('is refused DATABASE_UNAVAILABLE when the database went away, and the others still run', async () => {
    const now = new Date('2026-11-20T10:00:00Z');
    const customer = await createCustomer(database.db);
    const consultant = await raceUser(database.db, now, 'consultant', [customer.id]);
    const failures = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new AppError('QUOTE_EXPIRED'),
    ];
    const service = new MultiClickService({
      db: database.db,
      now: () => now,
      purchase: {
        quote: () => Promise.reject(new Error('not used')),
        cancelQuote: () => Promise.reject(new Error('not used')),
        execute: () => Promise.reject(failures.shift()),
      },
      log: { error: () => {} },
    });
    const items = [randomUUID(), randomUUID()].map((quoteId) => ({
      quoteId,
      idempotencyKey: randomUUID(),
    }));
    const { outcomes } = await service.execute(consultant, { items }, null);
    expect(outcomes.map((outcome) => outcome.refusal)).toEqual([
      { code: 'DATABASE_UNAVAILABLE' },
      { code: 'QUOTE_EXPIRED' },
    ]);
  });
});
