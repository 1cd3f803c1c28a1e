/**
 * The only source of time in the mock. Everything that needs "now" (token expiry, rate-limit windows,
 * timestamps, scenarios) asks a Clock, so tests and QA can freeze, shift or jump time.
 */
/**
 * Where the mock clock may be moved. Every time derived from it must stay a valid ISO 8601 `date-time` (years
 * 0000–9999): token expiry adds at most a year, a billing period at most 120 years (`intervalCount` ≤ 120 of
 * `yearly`), so the clock stops well before. Before 1970 nothing the mock models happened.
 */
export const CLOCK_RANGE = { from: Date.parse('1970-01-01T00:00:00Z'), until: Date.parse('9000-01-01T00:00:00Z') } as const;
/** The refusal's detail when a time falls outside CLOCK_RANGE (the clock routes and a state import say the same). */
export const OUTSIDE_CLOCK_RANGE = `o relógio deve ficar entre ${new Date(CLOCK_RANGE.from).toISOString()} e ${new Date(CLOCK_RANGE.until).toISOString()}`;

export function isWithinClockRange(ms: number): boolean {
  return ms >= CLOCK_RANGE.from && ms < CLOCK_RANGE.until;
}

/**
 * Real time, apart from the mock clock (which QA moves): log lines carry the wall-clock instant they were
 * written, durations and uptime are measured on the monotonic clock (never stepped by NTP or by hand).
 */
export function wallClockNow(): Date {
  return new Date(Date.now());
}

/** Milliseconds on the process's monotonic clock: only differences of two readings mean anything. */
export function monotonicMs(): number {
  return performance.now();
}

export interface ClockState {
  now: string;
  frozen: boolean;
  offsetMs: number;
}

/** What a restart needs to read the same time: the frozen instant, or the offset of a running clock. */
export type ClockSetting = { frozenAt: string } | { offsetMs: number };

export interface Clock {
  now(): Date;
  nowMs(): number;
  advance(seconds: number): void;
  set(at: Date): void;
  freeze(frozen: boolean): void;
  state(): ClockState;
  /** Back to how it was created (frozen at its instant, or following the system clock). */
  reset(): void;
  /** Its setting as a stable value (a running clock's offset does not drift with real time). */
  setting(): ClockSetting;
  /**
   * Real time in milliseconds (the system clock the mock clock follows; never moved, frozen or shifted by QA): the
   * time of transport, for what a receiver checks against its own clock (a webhook signature's timestamp).
   */
  wallMs(): number;
  apply(setting: ClockSetting): void;
}

/**
 * The mock's clock and the clocks of the clients that have one of their own (a tenant's world, its own time): a
 * client without one follows this clock (world/worlds.ts resolves which a client's world runs on). Moving this clock moves every client that follows it, never a client
 * with its own.
 */
export interface MockClock extends Clock {
  /** The client's own clock, if it has one. */
  ownOf(clientId: string): Clock | undefined;
  /**
   * Gives a client its own clock (or answers the one it has): created from this clock's reading, frozen if this one
   * is, at `frozenAt` when given.
   */
  own(clientId: string, frozenAt?: Date): Clock;
  /** The client follows this clock again; false when it had no clock of its own. */
  release(clientId: string): boolean;
  /** The clients with a clock of their own, sorted. */
  owners(): string[];
  /** Every client clock's setting, for a restart. */
  ownSettings(): Record<string, ClockSetting>;
  /** Replaces every client clock with these settings (a restart, a state import). */
  applyOwnSettings(settings: Record<string, ClockSetting>): void;
}

export interface ClockOptions {
  /** Start frozen at this instant (tests); otherwise follow the system clock. */
  frozenAt?: Date;
  /** Where real time comes from; injectable so the clock itself is testable. */
  systemNowMs?: () => number;
}

export function createClock(options: ClockOptions = {}): MockClock {
  const global = createPlainClock(options);
  const own = new Map<string, Clock>();
  const systemNowMs = options.systemNowMs;
  const fresh = (setting: ClockSetting): Clock => {
    const clock = createPlainClock(systemNowMs ? { systemNowMs } : {});
    clock.apply(setting);
    return clock;
  };
  return {
    ...global,
    ownOf: (clientId) => own.get(clientId),
    own(clientId, frozenAt) {
      let clock = own.get(clientId);
      if (!clock) own.set(clientId, (clock = fresh(global.setting())));
      if (frozenAt) clock.apply({ frozenAt: frozenAt.toISOString() });
      return clock;
    },
    release: (clientId) => own.delete(clientId),
    owners: () => [...own.keys()].sort(),
    ownSettings: () => Object.fromEntries([...own].sort(([a], [b]) => (a < b ? -1 : 1)).map(([clientId, clock]) => [clientId, clock.setting()])),
    applyOwnSettings(settings) {
      own.clear();
      for (const [clientId, setting] of Object.entries(settings)) own.set(clientId, fresh(setting));
    },
  };
}

function createPlainClock(options: ClockOptions): Clock {
  const systemNowMs = options.systemNowMs ?? (() => Date.now());
  // Running clock: now = system + offsetMs. Frozen clock: now = frozenMs.
  let offsetMs = 0;
  let frozenMs: number | undefined = options.frozenAt?.getTime();
  const reset = () => {
    offsetMs = 0;
    frozenMs = options.frozenAt?.getTime();
  };

  const nowMs = (): number => frozenMs ?? systemNowMs() + offsetMs;

  return {
    now: () => new Date(nowMs()),
    nowMs,
    advance(seconds) {
      if (frozenMs !== undefined) frozenMs += seconds * 1000;
      else offsetMs += seconds * 1000;
    },
    set(at) {
      if (frozenMs !== undefined) frozenMs = at.getTime();
      else offsetMs = at.getTime() - systemNowMs();
    },
    freeze(frozen) {
      if (frozen && frozenMs === undefined) frozenMs = nowMs();
      if (!frozen && frozenMs !== undefined) {
        offsetMs = frozenMs - systemNowMs();
        frozenMs = undefined;
      }
    },
    state: () => ({
      now: new Date(nowMs()).toISOString(),
      frozen: frozenMs !== undefined,
      offsetMs: nowMs() - systemNowMs(),
    }),
    reset,
    wallMs: systemNowMs,
    setting: () => (frozenMs === undefined ? { offsetMs } : { frozenAt: new Date(frozenMs).toISOString() }),
    apply(setting) {
      if ('frozenAt' in setting) frozenMs = Date.parse(setting.frozenAt);
      else {
        frozenMs = undefined;
        offsetMs = setting.offsetMs;
      }
    },
  };
}
