import { LOGIN_PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@klik/api';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.data';

let common: Set<string> | null = null;

// Only the ones a password may be (8 to 20 characters) are kept in memory.
function commonPasswords(): Set<string> {
  common ??= new Set(
    COMMON_PASSWORDS_TEXT.split('\n').filter(
      (word) => word.length >= PASSWORD_MIN_LENGTH && word.length <= LOGIN_PASSWORD_MAX_LENGTH,
    ),
  );
  return common;
}

/**
 * Whether a password is among the 10 000 most common ones. Case does not help: "Password1" is
 * as guessable as "password1".
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
