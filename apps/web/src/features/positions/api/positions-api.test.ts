import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@klik/api';
import { createFakeServer } from '../../../test/fake-server';
import { aContract, aSummary } from '../../../test/position-builders';
import { fetchContracts } from './get-contracts';
import { fetchSummaries } from './get-summaries';
import { createLoadingFlags, type LoadingFlags } from './loading-flags';
import { readCachedContracts, storeContracts, storeSummaries } from './positions-cache';
import { fetchContract } from './refresh-contract';

function apiFor(server: ReturnType<typeof createFakeServer>) {
  return createApiClient({
    baseUrl: '',
    fetch: server.fetch,
    getToken: () => 'token',
    getLocale: () => 'nl',
  });
}

describe('loading flags per customer, dashboard and contract', () => {
  it('is true while loading and false once loaded', async () => {
    const server = createFakeServer({});
    const seen: LoadingFlags[] = [];
    const flags = createLoadingFlags();
    server.on('GET', '/rest/dashboardContractData/101', () => {
      seen.push(flags.get());
      return { status: 200, body: [aContract()] };
    });
    await fetchContracts(apiFor(server), { kind: 'dashboard', id: 101 }, flags);
    expect(seen[0]?.dashboard).toEqual({ '101': true });
    expect(flags.get().dashboard).toEqual({ '101': false });
    expect(flags.get().customer).toEqual({});
  });

  it('removes the entry when the load fails, and logs the failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = createFakeServer({});
    server.on('GET', '/rest/contractData/11', () => ({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'Forbidden' },
    }));
    const flags = createLoadingFlags();
    flags.loaded('customer', 11);
    await expect(
      fetchContracts(apiFor(server), { kind: 'customer', id: 11 }, flags),
    ).rejects.toMatchObject({
      status: 403,
    });
    expect(flags.get().customer).toEqual({});
    expect(warn).toHaveBeenCalledWith(
      'Contract data of customer 11 could not be loaded',
      expect.anything(),
    );
  });

  it('tracks one contract the same way', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = createFakeServer({});
    const flags = createLoadingFlags();
    server.on('GET', '/rest/contractData/contract/11/KL-270001', () => {
      expect(flags.get().contract).toEqual({ 'KL-270001': true });
      return { status: 200, body: aContract() };
    });
    await fetchContract(apiFor(server), 11, 'KL-270001', flags);
    expect(flags.get().contract).toEqual({ 'KL-270001': false });

    await expect(fetchContract(apiFor(server), 11, 'KL-404', flags)).rejects.toMatchObject({
      status: 404,
    });
    expect(flags.get().contract).toEqual({ 'KL-270001': false });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('rejects an answer that breaks the contract instead of showing it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = createFakeServer({});
    server.on('GET', '/rest/dashboardContractData/101', () => ({
      status: 200,
      body: [{ ...aContract(), statusPerContract: null }],
    }));
    const flags = createLoadingFlags();
    await expect(
      fetchContracts(apiFor(server), { kind: 'dashboard', id: 101 }, flags),
    ).rejects.toThrow();
    expect(flags.get().dashboard).toEqual({});
    expect(window.localStorage.length).toBe(0);
  });
});

describe('positions in browser storage', () => {
  it('stores what it loads under the spec keys', async () => {
    const server = createFakeServer({});
    server.on('GET', '/rest/contractSummary/11', () => ({ status: 200, body: [aSummary()] }));
    await fetchSummaries(apiFor(server), { kind: 'customer', id: 11 });
    expect(JSON.parse(window.sessionStorage.getItem('summaryC_11') ?? 'null')).toEqual([
      aSummary(),
    ]);
  });

  it('reads stored contracts back through the summary, every position marked DC_37', () => {
    const contract = aContract({
      clicks: [
        {
          contractId: 'KL-270001',
          maturity: 'Q1',
          yearOfSupply: 2027,
          inProgress: true,
          date: '2026-11-20T09:00:00.000Z',
        },
      ],
    });
    storeContracts([contract]);
    storeSummaries({ kind: 'dashboard', id: 101 }, [
      aSummary(),
      aSummary({ contractId: 'KL-gone' }),
    ]);
    const cached = readCachedContracts({ kind: 'dashboard', id: 101 });
    expect(cached).toHaveLength(1);
    const [first] = cached ?? [];
    expect(first?.clicks).toEqual(contract.clicks);
    const statuses = Object.values(first?.statusPerContract ?? {}).flat();
    expect(statuses).toHaveLength(34);
    expect(
      statuses.every((status) => !status.clickable && status.disableClickReason === 'DC_37'),
    ).toBe(true);
    expect(readCachedContracts({ kind: 'dashboard', id: 102 })).toBeNull();
  });

  it('ignores stored data that no longer fits the contract', () => {
    window.localStorage.setItem('position_KL-270001', '{"contractId":1}');
    storeSummaries({ kind: 'dashboard', id: 101 }, [aSummary()]);
    expect(readCachedContracts({ kind: 'dashboard', id: 101 })).toBeNull();
  });

  it('logs a full storage as a warning, stores nothing and still shows the data', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const server = createFakeServer({});
    server.on('GET', '/rest/dashboardContractData/101', () => ({
      status: 200,
      body: [aContract()],
    }));
    const contracts = await fetchContracts(
      apiFor(server),
      { kind: 'dashboard', id: 101 },
      createLoadingFlags(),
    );
    expect(contracts).toHaveLength(1);
    expect(window.localStorage.getItem('position_KL-270001')).toBeNull();
    expect(warn).toHaveBeenCalledWith('Browser storage full: "position_KL-270001" not stored');
  });
});
