import { describe, expect, it } from 'vitest';
import { TYPE } from '@formatjs/icu-messageformat-parser';
import { DISABLE_CLICK_REASON_TEXTS } from '@klik/domain';
import { createCatalogueStore, type CatalogueSource } from './catalogues';

/** A message file that answers when the test says so, counting how often it was asked for. */
function deferredSource(messages: Record<string, string>) {
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const source: CatalogueSource & { calls: number } = Object.assign(
    () => {
      source.calls += 1;
      return new Promise<{ default: Record<string, string> }>((resolve, reject) => {
        pending.push({ resolve: () => resolve({ default: messages }), reject });
      });
    },
    { calls: 0 },
  );
  return {
    source,
    answer: () => pending.shift()?.resolve(),
    fail: () => pending.shift()?.reject(new Error('offline')),
  };
}

describe('the catalogue store', () => {
  it('loads a locale once, however often it is asked for, and adds the DC_ reason texts', async () => {
    const nl = deferredSource({ 'app.retry': 'Opnieuw' });
    const en = deferredSource({ 'app.retry': 'Retry' });
    const store = createCatalogueStore({ nl: nl.source, en: en.source });

    const first = store.load('nl');
    const second = store.load('nl');
    expect(store.loaded('nl')).toBeUndefined();
    nl.answer();
    const [a, b] = await Promise.all([first, second]);

    expect(nl.source.calls).toBe(1);
    expect(a).toBe(b);
    expect(store.loaded('nl')).toBe(a);
    expect(a['app.retry']).toBe('Opnieuw');
    expect(a['disableClickReason.DC_10']).toEqual([
      { type: TYPE.literal, value: DISABLE_CLICK_REASON_TEXTS.DC_10.nl },
    ]);
    await store.load('nl');
    expect(nl.source.calls).toBe(1);
    // The other language is not loaded along with it.
    expect(en.source.calls).toBe(0);
    expect(store.loaded('en')).toBeUndefined();
  });

  it('forgets a failed load, so asking again loads again', async () => {
    const en = deferredSource({ 'app.retry': 'Retry' });
    const store = createCatalogueStore({ nl: deferredSource({}).source, en: en.source });

    const failed = store.load('en');
    en.fail();
    await expect(failed).rejects.toThrow('offline');
    expect(store.loaded('en')).toBeUndefined();

    const retried = store.load('en');
    en.answer();
    expect((await retried)['app.retry']).toBe('Retry');
    expect(en.source.calls).toBe(2);
  });

  it('takes a catalogue at once when given one (tests)', () => {
    const store = createCatalogueStore({
      nl: deferredSource({}).source,
      en: deferredSource({}).source,
    });
    store.add('en', { 'app.retry': 'Retry' });
    expect(store.loaded('en')?.['app.retry']).toBe('Retry');
    expect(store.loaded('en')?.['disableClickReason.DC_37']).toEqual([
      { type: TYPE.literal, value: 'Data is loading' },
    ]);
  });
});
