/**
 * Fixed-window rate limit per client IP on the mock clock (seed §Limits: 100 requests per minute per IP).
 * Windows are aligned to multiples of the window length, so advancing the clock past a boundary restores
 * service exactly as it would on the real clock. The window is keyed and timed by the caller's world
 * (deps/world.ts): a client with a clock of its own (a tenant) is counted apart, on its own clock, so another
 * tenant's traffic from the same IP, or its clock moving, never touches its window.
 */
import type { Clock } from '../platform/clock.ts';
import type { World } from '../deps/world.ts';
import type { RateLimitPolicy } from '../domain/policy.ts';

/** A window's standing after a request, as the `RateLimit-*` headers tell it. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

export interface RateLimitDecision extends RateLimitState {
  allowed: boolean;
}

export interface RateLimiter {
  /**
   * Count one request from `ip` under the request's rate policy, in the window of its caller's world if it has
   * one; undefined when that policy switches limiting off.
   */
  hit(ip: string, settings: RateLimitPolicy, world?: Pick<World, 'clock' | 'rateKey'>): RateLimitDecision | undefined;
  reset(): void;
  /** Empties one window (its key as `World.rateKey` makes it): a provider-state session's client starts afresh. */
  forget(key: string): void;
}

/** Past this many tracked IPs, windows that have ended are dropped. */
const PRUNE_THRESHOLD = 10_000;

export function createRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { start: number; windowMs: number; count: number }>();

  return {
    hit(ip, settings, world) {
      if (!settings.enabled) return undefined;
      // A scenario may change the window's length: a window of another length starts afresh.
      const windowMs = settings.windowSeconds * 1000;
      const nowMs = (world?.clock ?? clock).nowMs();
      const key = world ? world.rateKey(ip) : ip;
      const start = Math.floor(nowMs / windowMs) * windowMs;
      let window = windows.get(key);
      if (!window || window.start !== start || window.windowMs !== windowMs) {
        if (windows.size >= PRUNE_THRESHOLD) prune(windows, start);
        window = { start, windowMs, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      const allowed = window.count <= settings.limit;
      return {
        allowed,
        limit: settings.limit,
        remaining: Math.max(0, settings.limit - window.count),
        resetSeconds: Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000)),
      };
    },
    reset: () => windows.clear(),
    forget: (key) => void windows.delete(key),
  };
}

function prune(windows: Map<string, { start: number }>, currentStart: number): void {
  for (const [ip, window] of windows) if (window.start !== currentStart) windows.delete(ip);
}
