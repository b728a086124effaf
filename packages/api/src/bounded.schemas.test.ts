import { describe, expect, it } from 'vitest';
import {
  DaySchema,
  IdParamSchema,
  IdSchema,
  INT4_MAX,
  InstantSchema,
  TextSchema,
  WholeNumberParamSchema,
} from './bounded.schemas';
import { LoginAsBodySchema, LoginBodySchema, LogoutBodySchema } from './auth.schemas';
import { NotificationQuerySchema } from './notifications.schemas';
import { AcceptTermsBodySchema, QuoteBodySchema } from './purchase.schemas';

describe('bounded building blocks', () => {
  it('ids in bodies are whole numbers from 1 to int4', () => {
    expect(IdSchema.safeParse(1).success).toBe(true);
    expect(IdSchema.safeParse(INT4_MAX).success).toBe(true);
    for (const bad of [0, -1, INT4_MAX + 1, 1.5, Number.NaN, Infinity, '1', 1e300]) {
      expect(IdSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('ids in paths are plain decimal digits within int4', () => {
    expect(IdParamSchema.parse('1')).toBe(1);
    expect(IdParamSchema.parse(String(INT4_MAX))).toBe(INT4_MAX);
    const bad = ['0x1', '1e1', '1.0', '+1', '-1', ' 1', '1 ', '01', '0', '', '2147483648', '１'];
    for (const value of bad) expect(IdParamSchema.safeParse(value).success).toBe(false);
  });

  it('whole numbers in query strings allow 0 where the range does', () => {
    const page = WholeNumberParamSchema(0, 10);
    expect(page.parse('0')).toBe(0);
    expect(page.parse('10')).toBe(10);
    for (const value of ['11', '-0', '00', '0.0', '1e1']) {
      expect(page.safeParse(value).success).toBe(false);
    }
    expect(NotificationQuerySchema.parse({})).toEqual({ page: 0, size: 10, sort: '-publishDate' });
  });

  it('texts have no NUL and a bounded length', () => {
    const text = TextSchema(5);
    expect(text.safeParse('abcde').success).toBe(true);
    expect(text.safeParse('abcdef').success).toBe(false);
    expect(text.safeParse('a\u0000b').success).toBe(false);
  });

  it('days and instants lie within the years the portal knows', () => {
    expect(DaySchema.safeParse('2027-01-01').success).toBe(true);
    for (const day of ['0001-01-01', '0050-06-01', '1899-12-31', '3000-01-01', '2027-02-30']) {
      expect(DaySchema.safeParse(day).success).toBe(false);
    }
    expect(DaySchema.safeParse('yesterday').error?.issues).toHaveLength(1);
    expect(InstantSchema.safeParse('2027-01-01T10:00:00+01:00').success).toBe(true);
    for (const at of ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', 'yesterday']) {
      expect(InstantSchema.safeParse(at).success).toBe(false);
    }
  });
});

describe('request schemas use them', () => {
  it('login, loginAs and logout refuse NUL bytes and overlong texts', () => {
    expect(LoginBodySchema.safeParse({ username: 'a\u0000b', password: 'x' }).success).toBe(false);
    expect(LoginBodySchema.safeParse({ username: 'ab', password: 'x\u0000' }).success).toBe(false);
    expect(LoginBodySchema.safeParse({ username: 'a'.repeat(201), password: 'x' }).success).toBe(
      false,
    );
    expect(LoginBodySchema.parse({ username: ' jansen ', password: 'x' }).username).toBe('jansen');
    expect(LoginAsBodySchema.safeParse('a\u0000b').success).toBe(false);
    expect(LogoutBodySchema.safeParse('a\u0000b').success).toBe(false);
  });

  it('a quote and accepting terms refuse ids beyond int4', () => {
    const quote = {
      customerId: INT4_MAX + 1,
      contractId: 'KL-270001',
      yearOfSupply: 2027,
      maturity: 'Y',
      market: 'OTC',
      percentage: '10',
    };
    expect(QuoteBodySchema.safeParse(quote).success).toBe(false);
    expect(QuoteBodySchema.safeParse({ ...quote, customerId: 1 }).success).toBe(true);
    expect(AcceptTermsBodySchema.safeParse({ version: INT4_MAX + 1 }).success).toBe(false);
  });
});
