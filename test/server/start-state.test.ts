/** How the banner tells the clock a restart brought back: frozen, real time, or its distance from real time. */
import { describe, expect, it } from 'vitest';
import { describeClock, formatOffset } from '../../src/server/start-state.ts';

describe('the clock in the start-up banner', () => {
  it.each([
    [600_000, '+10 min'],
    [630_400, '+10 min 30 s'],
    [-2 * 86_400_000 - 3 * 3_600_000 - 59_000, '-2 d 3 h'],
    [45_000, '+45 s'],
    [400, '+0 s'],
    [365 * 86_400_000, '+365 d'],
  ])('an offset of %i ms reads %s', (offsetMs, text) => {
    expect(formatOffset(offsetMs)).toBe(text);
  });

  it('a running clock within a second of real time is real time; a frozen one names its instant', () => {
    expect(describeClock({ now: '2026-01-01T00:00:00.000Z', frozen: false, offsetMs: 999 })).toBe('real time');
    expect(describeClock({ now: '2026-01-01T00:00:00.000Z', frozen: false, offsetMs: -600_000 })).toBe('-10 min from real time');
    expect(describeClock({ now: '2026-05-01T08:10:00.000Z', frozen: true, offsetMs: 0 })).toBe('frozen at 2026-05-01T08:10:00.000Z');
  });
});
