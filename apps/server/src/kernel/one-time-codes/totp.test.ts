import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { acceptedStep, newTotpSecret, openTotpSecret, sealTotpSecret } from './totp';

const AT = new Date('2026-11-23T10:00:10Z');

describe('TOTP secrets and codes', () => {
  it('seals a secret so that only its key opens it', () => {
    const secret = newTotpSecret();
    const key = randomBytes(32);
    const sealed = sealTotpSecret(secret, key);
    expect(sealed).not.toContain(secret);
    expect(sealTotpSecret(secret, key)).not.toBe(sealed);
    expect(openTotpSecret(sealed, key)).toBe(secret);
    expect(() => openTotpSecret(sealed, randomBytes(32))).toThrow();
    expect(() => openTotpSecret(sealed, null)).toThrow(/TOTP_ENCRYPTION_KEY/);
    // Stored before a key was set: still readable with one.
    expect(openTotpSecret(sealTotpSecret(secret, null), key)).toBe(secret);
  });

  it('accepts the current and the neighbouring step once, and nothing older', async () => {
    const secret = newTotpSecret();
    const epoch = Math.floor(AT.getTime() / 1000);
    const now = await generate({ secret, epoch });
    const step = Math.floor(epoch / 30);
    expect(await acceptedStep(secret, now, AT, null)).toBe(step);
    expect(await acceptedStep(secret, now, AT, step)).toBeNull();
    const previous = await generate({ secret, epoch: epoch - 30 });
    expect(await acceptedStep(secret, previous, AT, null)).toBe(step - 1);
    const older = await generate({ secret, epoch: epoch - 90 });
    expect(await acceptedStep(secret, older, AT, null)).toBeNull();
    expect(await acceptedStep(secret, 'abcdef', AT, null)).toBeNull();
  });
});
