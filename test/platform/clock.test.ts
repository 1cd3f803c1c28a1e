import { describe, expect, it } from 'vitest';
import { createClock } from '../../src/platform/clock.ts';

describe('clock', () => {
  it('follows the system time with an offset after advance and set', () => {
    let system = Date.parse('2026-01-01T00:00:00Z');
    const clock = createClock({ systemNowMs: () => system });
    clock.advance(90);
    expect(clock.now().toISOString()).toBe('2026-01-01T00:01:30.000Z');
    system += 1000;
    expect(clock.now().toISOString()).toBe('2026-01-01T00:01:31.000Z');
    clock.set(new Date('2030-05-05T05:05:05Z'));
    system += 2000;
    expect(clock.now().toISOString()).toBe('2030-05-05T05:05:07.000Z');
  });

  it('stands still when frozen, moves only when told, and resumes from where it stood', () => {
    let system = Date.parse('2026-01-01T00:00:00Z');
    const clock = createClock({ systemNowMs: () => system });
    clock.freeze(true);
    system += 60_000;
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    clock.advance(3600);
    expect(clock.state()).toEqual({ now: '2026-01-01T01:00:00.000Z', frozen: true, offsetMs: 3_540_000 });
    clock.freeze(false);
    system += 1000;
    expect(clock.now().toISOString()).toBe('2026-01-01T01:00:01.000Z');
  });

  it('can start frozen at a given instant', () => {
    const clock = createClock({ frozenAt: new Date('2026-03-02T10:00:00Z') });
    expect(clock.state().frozen).toBe(true);
    expect(clock.nowMs()).toBe(Date.parse('2026-03-02T10:00:00Z'));
  });
});
