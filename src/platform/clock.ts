/**
 * The only source of time in the mock. Everything that needs "now" (token expiry, rate-limit windows,
 * timestamps, scenarios) asks a Clock, so tests and QA can freeze, shift or jump time.
 */
/**
 * The one bound for time. The mock clock may be moved within CLOCK_RANGE; every time the mock derives from its clock
 * lies within LONGEST_SPAN_MS of it, either side: a billing period ends at most 120 years after it starts
 * (`intervalCount` ≤ 120 of `yearly`), a token expires at most a year after it is issued (`ttlSeconds`), a payer's
 * prompt and a webhook retry within days; a seeded dataset's history starts at most a year before. So a stored record's
 * instants lie within RECORD_TIME_RANGE, the clock's range widened by that span, and a state export, import or
 * snapshot restore accepts whatever the clock could have made, and still writes a four-digit year (before 10000).
 * Before 1970 nothing the mock models happened.
 */
export const CLOCK_RANGE = { from: Date.parse('1970-01-01T00:00:00Z'), until: Date.parse('9000-01-01T00:00:00Z') } as const;
/** The longest the mock computes away from its clock: 121 years of 366 days (a 120-year billing period and a year). */
export const LONGEST_SPAN_MS = 121 * 366 * 86_400_000;
/** Where a stored record's instants may lie: the clock's range widened by LONGEST_SPAN_MS on each side. */
export const RECORD_TIME_RANGE = { from: CLOCK_RANGE.from - LONGEST_SPAN_MS, until: CLOCK_RANGE.until + LONGEST_SPAN_MS } as const;
/** The refusal's detail when a time falls outside CLOCK_RANGE (the clock routes and a state import say the same). */
export const OUTSIDE_CLOCK_RANGE = `o relógio deve ficar entre ${new Date(CLOCK_RANGE.from).toISOString()} e ${new Date(CLOCK_RANGE.until).toISOString()}`;
/** The refusal's detail when a stored record's instant is not a real one within RECORD_TIME_RANGE. */
export const OUTSIDE_RECORD_TIME_RANGE = `data-hora ISO 8601 inválida (entre ${new Date(RECORD_TIME_RANGE.from).toISOString()} e ${new Date(RECORD_TIME_RANGE.until).toISOString()})`;

export function isWithinClockRange(ms: number): boolean {
  return ms >= CLOCK_RANGE.from && ms < CLOCK_RANGE.until;
}

export function isWithinRecordTimeRange(ms: number): boolean {
  return ms >= RECORD_TIME_RANGE.from && ms < RECORD_TIME_RANGE.until;
}

/**
 * The one reading of an instant the admin API is given for a clock (`at`, `set`, a tenant's `frozenAt`): its
 * milliseconds, or undefined when it names no real instant (a leap second `23:59:60`, which the document's
 * `date-time` lets through and `Date` cannot hold) or one outside CLOCK_RANGE (a far date, or an offset that
 * crosses a bound).
 */
export function clockInstantMs(text: string): number | undefined {
  const ms = Date.parse(text);
  return isWithinClockRange(ms) ? ms : undefined;
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
