import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { DISABLE_CLICK_REASONS, DISABLE_CLICK_REASON_TEXTS } from '@klik/domain';
import { catalogues } from '../../test/catalogues';
import { argumentNames, disableClickReasonKey, type Message } from './catalogues';

const literal = (value: string) => [{ type: TYPE.literal, value }];

const srcRoot = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Keys used as literals: t('key'), key fields typed as catalogue keys, and switch returns. */
function keysUsedInCode(): Set<string> {
  const patterns = [
    /\bt\(\s*'([^']+)'/g,
    /\bt\(\s*\w+\s*\?\s*'([^']+)'\s*:\s*'([^']+)'/g,
    /\b(?:label|key|username|password):\s*'([a-zA-Z]+\.[a-zA-Z.]+)'/g,
    /errors\.\w+ = '([^']+)'/g,
    /return '([a-zA-Z]+\.[a-zA-Z.]+)'/g,
    /\[\s*'([a-zA-Z]+\.[a-zA-Z.]+)'\s*\]/g,
  ];
  const used = new Set<string>();
  for (const file of sourceFiles(srcRoot)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        for (const key of match.slice(1)) if (key) used.add(key);
      }
    }
  }
  return used;
}

/** The ICU arguments a message names, read by the ICU parser the page uses (branch texts are not). */
function placeholders(message: Message): string[] {
  const elements = typeof message === 'string' ? parse(message, { ignoreTag: true }) : message;
  return argumentNames(elements).sort();
}

describe('message catalogues', () => {
  it('nl and en hold exactly the same keys', () => {
    expect(Object.keys(catalogues.en).sort()).toEqual(Object.keys(catalogues.nl).sort());
  });

  it('every message has the same placeholders in both languages', () => {
    for (const [key, message] of Object.entries(catalogues.nl)) {
      expect(placeholders(catalogues.en[key] ?? ''), key).toEqual(placeholders(message));
    }
  });

  it('no message is empty', () => {
    for (const messages of Object.values(catalogues)) {
      for (const [key, message] of Object.entries(messages)) {
        const text = typeof message === 'string' ? message : JSON.stringify(message);
        expect(text.trim(), key).not.toBe('');
      }
    }
  });

  it('every key used in the code exists in both catalogues', () => {
    const used = keysUsedInCode();
    // Guards the scan itself: it must find the keys of screens we know exist.
    expect(used).toContain('login.username');
    expect(used).toContain('role.accountmanager');
    expect(used).toContain('shell.nav.myInfo');
    expect(used).toContain('login.validation.passwordRequired');
    expect(used).toContain('app.envError.title');
    for (const key of used) {
      expect(catalogues.nl, `nl lacks ${key}`).toHaveProperty([key]);
      expect(catalogues.en, `en lacks ${key}`).toHaveProperty([key]);
    }
  });

  it('takes every DC_ reason text from the domain catalogue, in both languages', () => {
    for (const reason of DISABLE_CLICK_REASONS) {
      expect(catalogues.nl[disableClickReasonKey(reason)]).toEqual(
        literal(DISABLE_CLICK_REASON_TEXTS[reason].nl),
      );
      expect(catalogues.en[disableClickReasonKey(reason)]).toEqual(
        literal(DISABLE_CLICK_REASON_TEXTS[reason].en),
      );
    }
    expect(catalogues.en['disableClickReason.DC_37']).toEqual(literal('Data is loading'));
  });

  // The page carries no ICU parser: the DC_ reason texts go in as literals, which holds only
  // while they are plain text. One with ICU syntax (an argument, a quote, a tag) fails here.
  it('has DC_ reason texts in plain text only', () => {
    for (const reason of DISABLE_CLICK_REASONS) {
      for (const text of Object.values(DISABLE_CLICK_REASON_TEXTS[reason])) {
        expect(parse(text), `${reason}: ${text}`).toEqual(literal(text));
      }
    }
  });

  it('carries the texts the spec prescribes for login', () => {
    expect(catalogues.nl['login.validation.usernameRequired']).toBe('Gebruikersnaam verplicht');
    expect(catalogues.en['login.validation.usernameRequired']).toBe('Username obligatory');
    expect(catalogues.nl['login.validation.passwordRequired']).toBe('Wachtwoord verplicht');
    expect(catalogues.en['login.validation.passwordRequired']).toBe('Password obligatory');
    expect(catalogues.en['login.error.invalidCredentials']).toBe('Invalid username and password');
    // 'wrong username or password': either may be wrong (spec section 8).
    expect(catalogues.nl['login.error.invalidCredentials']).toBe(
      'Ongeldige gebruikersnaam of wachtwoord',
    );
    expect(catalogues.nl['error.invalidCredentials']).toBe(
      'Ongeldige gebruikersnaam of wachtwoord',
    );
    expect(catalogues.en['login.error.unavailable']).toMatch(/^Not possible to login/);
    expect(catalogues.nl['login.error.unavailable']).toMatch(/^Inloggen niet mogelijk/);
  });
});
