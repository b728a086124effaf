import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECIMAL_FORMAT } from '@klik/api';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// The generated OpenAPI document tells a generated client what the zod schemas mean.
let t: TestApp;
let document: { paths: Record<string, Record<string, Operation>> };

interface Operation {
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Schema {
  type?: string;
  format?: string;
  pattern?: string;
  description?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  additionalProperties?: Schema | boolean;
}

/** The schema itself, or its non-null branch when it is nullable. */
function nonNull(schema: Schema): Schema {
  return schema.anyOf?.find((branch) => branch.type !== 'null') ?? schema;
}

function expectDecimal(schema: Schema | undefined): void {
  expect(schema).toBeDefined();
  const decimal = nonNull(schema!);
  expect(decimal.type).toBe('string');
  expect(decimal.format).toBe(DECIMAL_FORMAT);
  expect(decimal.description).toMatch(/JSON string, never as a JSON number/);
}

function answer(path: string, method: string, status = '200'): Schema {
  return document.paths[path]![method]!.responses[status]!.content!['application/json']!.schema;
}

beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_FEED: 'none' } });
  const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});

afterAll(async () => {
  await t.close();
});

describe('decimals in /docs/json', () => {
  it('are strings of format decimal with a pattern and a description in answers', async () => {
    const results = answer('/rest/results/{customerId}', 'get').properties!.data!.items!;
    const percentage = results.properties!.fixedPercentage!;
    expectDecimal(percentage);
    expect(percentage.pattern).toBe('^-?\\d+(\\.\\d+)?$');
    expectDecimal(results.properties!.parts!.items!.properties!.totalVolume);
    expectDecimal(results.properties!.parts!.items!.properties!.weightedAvgClickPrice);
  });

  it('are strings of format decimal in request bodies', async () => {
    const quote =
      document.paths['/rest/purchase/quote']!.post!.requestBody!.content['application/json']!
        .schema;
    const volumes = quote.properties!.volumes!;
    expectDecimal(nonNull(volumes).additionalProperties as Schema);
    expectDecimal(quote.properties!.percentage);
  });
});
