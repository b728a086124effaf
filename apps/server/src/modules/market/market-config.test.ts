import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../kernel/config/config';
import { configProblems } from '../../kernel/config/config-test-kit';
import { CsvReplayFeed, CsvFormatError } from './csv-replay-feed';
import { createPriceSource } from './create-price-source';
import { SimulatedFeed } from './simulated-feed';

describe('market and websocket configuration', () => {
  it('defaults to the simulated feed every 5 s, no ingest endpoint, checks every 30 s', () => {
    const config = loadConfig({}, { cwd: '/srv/klik' });
    expect(config.market).toEqual({
      feed: 'simulated',
      intervalMs: 5000,
      seed: null,
      csvPath: null,
      lockRetryMs: 5000,
      ingestKey: null,
      watchIntervalMs: 2000,
    });
    expect(config.realtime).toEqual({ sessionCheckMs: 30_000, keepAliveMs: 25_000 });
  });

  it('reads every variable, resolving the CSV path against the start directory', () => {
    const config = loadConfig(
      {
        MARKET_FEED: 'CSV',
        MARKET_FEED_CSV: 'prices/today.csv',
        MARKET_FEED_INTERVAL_MS: '1000',
        MARKET_FEED_SEED: '42',
        MARKET_FEED_LOCK_RETRY_MS: '2000',
        MARKET_INGEST_KEY: 'k'.repeat(32),
        MARKET_WATCH_INTERVAL_MS: '500',
        WS_SESSION_CHECK_SECONDS: '10',
        WS_KEEPALIVE_SECONDS: '20',
      },
      { cwd: '/srv/klik' },
    );
    expect(config.market).toEqual({
      feed: 'csv',
      intervalMs: 1000,
      seed: 42,
      csvPath: '/srv/klik/prices/today.csv',
      lockRetryMs: 2000,
      ingestKey: 'k'.repeat(32),
      watchIntervalMs: 500,
    });
    expect(config.realtime).toEqual({ sessionCheckMs: 10_000, keepAliveMs: 20_000 });
  });

  it('names every wrong market variable at once', () => {
    expect(
      configProblems({
        MARKET_FEED: 'random',
        MARKET_FEED_INTERVAL_MS: '10',
        MARKET_FEED_SEED: '-1',
        MARKET_INGEST_KEY: 'short',
      }),
    ).toEqual([
      'MARKET_FEED: expected simulated, csv or none',
      'MARKET_FEED_INTERVAL_MS: expected a whole number from 100 to 3600000, got "10"',
      'MARKET_FEED_SEED: expected a whole number from 0 to 4294967295, got "-1"',
      'MARKET_INGEST_KEY: must be at least 32 characters long',
    ]);
    expect(configProblems({ MARKET_FEED: 'csv' })).toEqual([
      'MARKET_FEED_CSV: required when MARKET_FEED is csv',
    ]);
  });

  it('builds the feed the configuration names; a broken CSV stops it with the lines named', () => {
    const market = loadConfig({ MARKET_FEED_SEED: '7' }).market;
    const simulated = createPriceSource(market);
    expect(simulated).toBeInstanceOf(SimulatedFeed);
    expect((simulated as SimulatedFeed).seed).toBe(7);
    expect(createPriceSource({ ...market, feed: 'none' })).toBeNull();
    const csv = { ...market, feed: 'csv' as const, csvPath: '/prices.csv' };
    const header = 'at,product,yearOfSupply,maturity,market,price';
    expect(
      createPriceSource(csv, () => `${header}\n2026-11-20T09:00:00Z,TTF_GAS,2027,Y,OTC,34.5\n`),
    ).toBeInstanceOf(CsvReplayFeed);
    expect(() =>
      createPriceSource(csv, () => `${header}\n2026-11-20T09:00:00Z,TTF_GAS,2027,Y,OTC,abc\n`),
    ).toThrow(CsvFormatError);
  });
});
