import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as api from './index';
import { TextSchema } from './bounded.schemas';
import { LiftLoginThrottleBodySchema } from './login-throttle.schemas';
import { PublishAnnouncementBodySchema } from './notifications.schemas';

/*
 * A lone UTF-16 surrogate (JSON "\ud800") is no Unicode: no text column or jsonb value holds it,
 * so every text a request carries refuses it at the door (400), and a pair (an emoji) passes.
 */
const LONE = ['\ud800', '\udfff', 'a\udc00\ud800b', `${'a'.repeat(9)}\ud800`];

describe('texts are well-formed Unicode', () => {
  it('TextSchema refuses a lone surrogate and takes a pair', () => {
    const text = TextSchema(20);
    for (const bad of LONE) expect(text.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(text.parse('klik 😀')).toBe('klik 😀');
    const coded = TextSchema(20, { invalid: 'NAME_INVALID' }).safeParse('\ud800');
    expect(coded.error?.issues.map((issue) => issue.message)).toEqual(['NAME_INVALID']);
  });

  it('the announcement titles and the throttled address refuse one', () => {
    const texts = { titleNl: 'Storing', titleEn: 'Outage', bodyNl: 'Nu', bodyEn: 'Now' };
    const announcement = { ...texts, audience: 'customers', customerIds: [1] };
    expect(PublishAnnouncementBodySchema.safeParse(announcement).success).toBe(true);
    for (const field of ['titleNl', 'titleEn', 'bodyNl', 'bodyEn']) {
      const body = { ...announcement, [field]: 'a\ud800' };
      expect(PublishAnnouncementBodySchema.safeParse(body).success, field).toBe(false);
    }
    const lift = { username: 'jansen', ip: '10.0.0.1' };
    expect(LiftLoginThrottleBodySchema.safeParse(lift).success).toBe(true);
    expect(LiftLoginThrottleBodySchema.safeParse({ ...lift, ip: '\ud800' }).success).toBe(false);
    expect(LiftLoginThrottleBodySchema.safeParse({ username: 'j\udfff' }).success).toBe(false);
  });

  /** The text leaves of a schema: what is left after objects, arrays, records and unions. */
  function textLeaves(schema: z.ZodType, path: string): [string, z.ZodType][] {
    const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
    const inner = (key: string, where = path) => textLeaves(def[key] as z.ZodType, where);
    switch (def.type) {
      case 'object':
        return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, value]) =>
          textLeaves(value, `${path}.${key}`),
        );
      case 'array':
        return inner('element', `${path}[]`);
      case 'record':
        return [...inner('keyType', `${path}{key}`), ...inner('valueType', `${path}{}`)];
      case 'union':
        return (def.options as z.ZodType[]).flatMap((option) => textLeaves(option, path));
      case 'intersection':
        return [...inner('left'), ...inner('right')];
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
        return inner('innerType');
      case 'pipe':
        return (def.in as z.ZodType)._zod.def.type === 'string' ? [[path, schema]] : inner('in');
      case 'string':
        return [[path, schema]];
      default:
        return [];
    }
  }

  // Request schemas are named for what they carry: …BodySchema, …QuerySchema, …ParamsSchema,
  // …InputSchema; the few named otherwise that routes take as a body; the error answer is none.
  const OTHER_REQUEST_SCHEMAS = ['TradingStatusSchema', 'IngestBatchSchema'];
  const ANSWERS = ['ErrorBodySchema'];

  it('every text in every request schema refuses a lone surrogate', () => {
    const requestSchemas = Object.entries(api).filter(
      ([name, value]) =>
        value instanceof z.ZodType &&
        !ANSWERS.includes(name) &&
        (/(Body|Query|Params|Input)Schema$/.test(name) || OTHER_REQUEST_SCHEMAS.includes(name)),
    ) as [string, z.ZodType][];
    expect(requestSchemas.length).toBeGreaterThan(60);
    const leaves = requestSchemas.flatMap(([name, schema]) => textLeaves(schema, name));
    expect(leaves.length).toBeGreaterThan(60);
    const accepting = leaves
      .filter(([, leaf]) => LONE.some((text) => leaf.safeParse(text).success))
      .map(([path]) => path);
    expect(accepting).toEqual([]);
  });
});
