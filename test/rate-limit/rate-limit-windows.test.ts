/** Fixed rate-limit windows per IP on the mock clock, aligned to multiples of the window length. */
import { describe, expect, it } from 'vitest';
import { createClock } from '../../src/platform/clock.ts';
import { createRateLimiter } from '../../src/rate-limit/rate-windows.ts';

// 10:00:15 on the clock: the current 60-second window started at 10:00:00 and ends in 45 s.
const clock = () => createClock({ frozenAt: new Date('2026-03-02T10:00:15.000Z') });
const settings = { enabled: true, limit: 3, windowSeconds: 60 };
const off = { ...settings, enabled: false };

describe('rate-limit windows', () => {
  it('counts each IP down to 0 and refuses past the limit, with the seconds left in the window', () => {
    const limiter = createRateLimiter(clock());
    const decisions = [1, 2, 3, 4].map(() => limiter.hit('10.0.0.1', settings));
    expect(decisions.map((decision) => decision?.remaining)).toEqual([2, 1, 0, 0]);
    expect(decisions.map((decision) => decision?.allowed)).toEqual([true, true, true, false]);
    expect(decisions[3]).toMatchObject({ limit: 3, resetSeconds: 45 });
  });

  it('keeps IPs apart', () => {
    const limiter = createRateLimiter(clock());
    for (let i = 0; i < 3; i += 1) limiter.hit('10.0.0.1', settings);
    expect(limiter.hit('10.0.0.2', settings)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('opens a new window at the boundary, not 60 s after the first request', () => {
    const time = clock();
    const limiter = createRateLimiter(time);
    for (let i = 0; i < 4; i += 1) limiter.hit('10.0.0.1', settings);
    time.advance(44.5);
    expect(limiter.hit('10.0.0.1', settings)).toMatchObject({ allowed: false, resetSeconds: 1 }); // 0.5 s left, rounded up
    time.advance(0.5);
    expect(limiter.hit('10.0.0.1', settings)).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 60 });
  });

  it('starts a new window when the window length changes (a scenario activated mid-window)', () => {
    const limiter = createRateLimiter(clock());
    for (let i = 0; i < 4; i += 1) limiter.hit('10.0.0.1', settings);
    expect(limiter.hit('10.0.0.1', { ...settings, windowSeconds: 3600 })).toMatchObject({ allowed: true, remaining: 2 });
    expect(limiter.hit('10.0.0.1', { ...settings, windowSeconds: 3600, limit: 5 })).toMatchObject({ allowed: true, remaining: 3 });
  });

  it('forgets every window on reset, and decides nothing when switched off', () => {
    const limiter = createRateLimiter(clock());
    for (let i = 0; i < 4; i += 1) limiter.hit('10.0.0.1', settings);
    limiter.reset();
    expect(limiter.hit('10.0.0.1', settings)).toMatchObject({ allowed: true, remaining: 2 });
    expect(createRateLimiter(clock()).hit('10.0.0.1', off)).toBeUndefined();
  });
});
