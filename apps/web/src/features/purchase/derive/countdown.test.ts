import { describe, expect, it } from 'vitest';
import { announcementMoment, clockText, secondsLeft } from './countdown';

describe('quote countdown', () => {
  const deadline = Date.parse('2026-11-20T10:05:00.000Z');
  const at = (iso: string) => Date.parse(iso);

  it('counts whole seconds up to the expiry and never below zero', () => {
    expect(secondsLeft(deadline, at('2026-11-20T10:00:00.000Z'))).toBe(300);
    expect(secondsLeft(deadline, at('2026-11-20T10:04:59.800Z'))).toBe(1);
    expect(secondsLeft(deadline, at('2026-11-20T10:05:00.000Z'))).toBe(0);
    expect(secondsLeft(deadline, at('2026-11-20T10:06:00.000Z'))).toBe(0);
  });

  it('shows minutes and seconds', () => {
    expect(clockText(300)).toBe('5:00');
    expect(clockText(65)).toBe('1:05');
    expect(clockText(0)).toBe('0:00');
  });

  it('announces at whole minutes, 30 and 10 seconds and at expiry, not every second', () => {
    expect(announcementMoment(300)).toBeNull();
    expect(announcementMoment(241)).toBeNull();
    expect(announcementMoment(240)).toBe(240);
    expect(announcementMoment(200)).toBe(240);
    expect(announcementMoment(59)).toBe(60);
    expect(announcementMoment(30)).toBe(30);
    expect(announcementMoment(9)).toBe(10);
    expect(announcementMoment(0)).toBe(0);
    const moments = new Set(Array.from({ length: 301 }, (_, s) => announcementMoment(s)));
    expect(moments.size).toBe(8);
  });
});
