import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { openSecret, sealSecret } from '../secrets/sealed-secret';

/** What every authenticator app understands: SHA-1, six digits, a new code every 30 seconds. */
export const TOTP_ISSUER = 'Klik';
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after the current one still counts: phone clocks drift. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

/** A new secret (160 random bits, base32) for a user's authenticator app. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// address an app reads from the QR code: "Klik:<username>", issuer Klik. */
export function totpUri(username: string, secret: string): string {
  return generateURI({
    issuer: TOTP_ISSUER,
    label: username,
    secret,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** The QR code of the otpauth address as an SVG data URL, so the web shows it without a library. */
export async function totpQrCode(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The secret as stored: sealed with AES-256-GCM under TOTP_ENCRYPTION_KEY when set, so a copy of
 * the database alone does not give anyone the users' codes (kernel/secrets).
 */
export function sealTotpSecret(secret: string, key: Buffer | null): string {
  return sealSecret(secret, key);
}

/** Opens a stored secret; throws when it is sealed and the key is missing or another one. */
export function openTotpSecret(stored: string, key: Buffer | null): string {
  return openSecret(stored, key, { secret: 'TOTP', keyName: 'TOTP_ENCRYPTION_KEY' });
}

/**
 * The time step a code belongs to at this instant, or null when it is wrong or its step was
 * already used (lastUsedStep): a code seen once, e.g. over someone's shoulder, never works again.
 */
export async function acceptedStep(
  secret: string,
  code: string,
  at: Date,
  lastUsedStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(at.getTime() / 1000),
    period: TOTP_PERIOD_SECONDS,
    digits: TOTP_DIGITS,
    epochTolerance: TOLERANCE_SECONDS,
  });
  if (!result.valid || !('timeStep' in result)) return null;
  if (lastUsedStep !== null && result.timeStep <= lastUsedStep) return null;
  return result.timeStep;
}
