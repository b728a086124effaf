import { readFileSync } from 'node:fs';
import { LOGIN_PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@klik/api';

/**
 * The list, one password a line. From the sources (tsx, Vitest) it is the file beside this module;
 * the built server is one file, apps/server/dist/server.js, and scripts/build.mjs copies the list
 * beside it, so the same address relative to the running module finds it in both.
 */
export const COMMON_PASSWORDS_FILE = new URL('./common-passwords.txt', import.meta.url);

/** The passwords of a list's text: comment lines (starting with #) and blank lines left out. */
export function parseCommonPasswords(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line !== '' && !line.startsWith('#'));
}

let common: Set<string> | null = null;

// Read at the first password checked, once. Only the ones a password may be (8 to 20 characters)
// are kept in memory.
function commonPasswords(): Set<string> {
  common ??= new Set(
    parseCommonPasswords(readFileSync(COMMON_PASSWORDS_FILE, 'utf8')).filter(
      (word) => word.length >= PASSWORD_MIN_LENGTH && word.length <= LOGIN_PASSWORD_MAX_LENGTH,
    ),
  );
  return common;
}

/**
 * Whether a password is among the 10 000 most common ones. Case does not help: "Password1" is
 * as guessable as "password1". Use passwordProblem (password-policy.ts), which asks this.
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
