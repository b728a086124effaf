import { describe, expect, it } from 'vitest';
import { createClock, createShiftableClock } from './clock';

describe('the portal clock', () => {
  it('is the machine time without a start instant', () => {
    let machine = Date.parse('2026-11-21T01:30:00Z');
    const now = createClock(null, () => machine);
    expect(now().toISOString()).toBe('2026-11-21T01:30:00.000Z');
    machine += 1500;
    expect(now().toISOString()).toBe('2026-11-21T01:30:01.500Z');
  });

  it('starts at CLOCK_START and runs on in real time', () => {
    let machine = Date.parse('2026-11-21T01:30:00Z');
    const now = createClock(new Date('2026-11-23T11:00:00+01:00'), () => machine);
    expect(now().toISOString()).toBe('2026-11-23T10:00:00.000Z');
    machine += 90_000;
    expect(now().toISOString()).toBe('2026-11-23T10:01:30.000Z');
  });

  it('moves forward by hand and runs on from there (CLOCK_TEST_CONTROL)', () => {
    let machine = Date.parse('2026-11-21T01:30:00Z');
    const clock = createShiftableClock(new Date('2026-11-23T11:00:00+01:00'), () => machine);
    clock.advance(31 * 60_000);
    expect(clock.now().toISOString()).toBe('2026-11-23T10:31:00.000Z');
    machine += 1000;
    expect(clock.now().toISOString()).toBe('2026-11-23T10:31:01.000Z');
  });
});
