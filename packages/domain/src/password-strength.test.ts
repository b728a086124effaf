import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it('calls anything shorter than 8 characters very weak', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('Ab1!xyz')).toBe(0);
  });

  it('gives repeated and sequential characters little credit', () => {
    expect(passwordStrength('aaaaaaaaaaaa')).toBe(0);
    expect(passwordStrength('12345678901')).toBe(0);
    expect(passwordStrength('abcdefghijkl')).toBe(0);
  });

  it('rises with length and kinds of characters', () => {
    const scores = ['zomerfiets', 'Zomerfiets7', 'Zomer-Fiets-72', 'Zomer-Fiets-Appel-723'].map(
      passwordStrength,
    );
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(scores[0]).toBeLessThanOrEqual(2);
    expect(scores.at(-1)).toBe(4);
  });

  it('has a word for every level from weak to very strong', () => {
    expect(
      ['kzmxbwtj', 'kx9Qm2pL', 'aB3$xY7!kQ', 'Zomer-Appel-4217'].map(passwordStrength),
    ).toEqual([1, 2, 3, 4]);
  });
});
