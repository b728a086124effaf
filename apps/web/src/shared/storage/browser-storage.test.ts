import { describe, expect, it, vi } from 'vitest';
import { createJsonStorage, sessionJsonStorage } from './browser-storage';

function fullStorage(): Storage {
  const backing = window.sessionStorage;
  return {
    get length() {
      return backing.length;
    },
    clear: () => backing.clear(),
    getItem: (key) => backing.getItem(key),
    key: (index) => backing.key(index),
    removeItem: (key) => backing.removeItem(key),
    setItem: () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    },
  };
}

describe('JSON browser storage', () => {
  it('round-trips values through JSON', () => {
    const value = { id: 11, name: 'Bakkerij Jansen', dashboards: [{ id: 101, name: 'Hoofd' }] };
    expect(sessionJsonStorage.write('selectedCustomer', value)).toBe(true);
    expect(window.sessionStorage.getItem('selectedCustomer')).toBe(JSON.stringify(value));
    expect(sessionJsonStorage.read('selectedCustomer')).toEqual(value);
    sessionJsonStorage.remove('selectedCustomer');
    expect(sessionJsonStorage.read('selectedCustomer')).toBeNull();
  });

  it('reads unparsable content as nothing', () => {
    window.sessionStorage.setItem('session', '{not json');
    expect(sessionJsonStorage.read('session')).toBeNull();
  });

  it('logs a warning and stores nothing when the browser storage is full', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const storage = createJsonStorage(fullStorage);
    expect(storage.write('purchase', { volume: '12.5' })).toBe(false);
    expect(window.sessionStorage.getItem('purchase')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('Browser storage full');
  });

  it('does not hide failures other than a full storage', () => {
    const storage = createJsonStorage(() => ({
      ...fullStorage(),
      setItem: () => {
        throw new TypeError('broken');
      },
    }));
    expect(() => storage.write('purchase', 1)).toThrow('broken');
  });

  it('lists its keys', () => {
    sessionJsonStorage.write('a', 1);
    sessionJsonStorage.write('b', 2);
    expect(sessionJsonStorage.keys().sort()).toEqual(['a', 'b']);
  });
});
