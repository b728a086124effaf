import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageKey } from './catalogues';
import { createTranslator } from './translator';

const key = (name: string) => name as MessageKey;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a translator', () => {
  it("formats plurals and numbers by the locale's rules", () => {
    const messages = { count: '{n, plural, one {# klik} other {# klikken}} van {total, number}' };
    const nl = createTranslator('nl', messages);
    expect(nl(key('count'), { n: 1, total: 1250.5 })).toBe('1 klik van 1.250,5');
    expect(nl(key('count'), { n: 3, total: 2 })).toBe('3 klikken van 2');
    expect(createTranslator('en', messages)(key('count'), { n: 3, total: 1250.5 })).toBe(
      '3 klikken van 1,250.5',
    );
  });

  it('shows a message it cannot fill as [[key]] and logs why, instead of failing the screen', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const t = createTranslator('nl', { greeting: 'Hallo {name}' });
    expect(t(key('greeting'))).toBe('[[greeting]]');
    expect(logged).toHaveBeenCalledOnce();
    expect(t(key('greeting'), { name: 'Anna' })).toBe('Hallo Anna');
  });

  it('gives an empty text as empty, and a key it lacks as [[key]]', () => {
    const t = createTranslator('en', { empty: '' });
    expect(t(key('empty'))).toBe('');
    expect(t(key('absent'))).toBe('[[absent]]');
  });
});
