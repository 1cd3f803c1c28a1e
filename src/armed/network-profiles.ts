/**
 * The network profile applied to each client (docs/network-failures.md#profiles): which one, from which seed, since
 * when and until when on the client's clock, and what it did so far. Held in memory, per app: a profile is a run's
 * weather, not a record (a restart, like a stop, clears it). A request of the client meets it through
 * `meet`: the stage of the ramp its clock is in, then one draw of the profile's seeded stream (four fractions, always
 * four, so the same seed and the same requests give the same faults), made into what the network does to it.
 * A webhook delivery attempt or a checkout page request of the client meets it through `meetLeg`: one draw of that
 * leg's own seeded stream, so the attempts sent in the background never shift the API's draws.
 */
import type { World } from '../deps/world.ts';
import type { components } from '../generated/admin-types.gen.ts';
import { monotonicMs } from '../platform/clock.ts';
import { seededFractions } from '../platform/random.ts';
import type { NetworkLeg, NetworkProfile, ProfileStage } from './network-profile-schema.ts';
import { FAULT_COUNTS, legFaultOf, legSeed, type LegFaults, type LegMeeting, type OtherLeg } from './network-profile-other-legs.ts';

/** At most this many answers of one client held at once by its profile: past it, the next are answered at once. */
export const MAX_PROFILE_HOLDS = 32;
/** Checkout pages a profile held or refused, remembered for the orders' stories (the oldest forgotten past it). */
export const MAX_PAGE_MEETINGS = 1000;
/** Fractions each request draws: the fault, then three for its latency. */
const DRAWS_PER_REQUEST = 4;

/** What the profile does to one request: reset before it is handled, its answer lost, held or trickled, or delayed. */
export type ProfileFault = 'reset' | 'reply_lost' | 'timeout' | 'slow_body';

/** A checkout page of an order that a profile held or refused, for the order's story. */
export interface PageMeeting {
  orderId: string;
  /** On the client's clock. */
  at: string;
  tag: string;
  fault: LegFaults['checkout'];
}

export interface ProfileMeeting {
  /** `name@stage`, for the journal. */
  tag: string;
  fault?: ProfileFault;
  /** Real milliseconds the answer is held after it is handled (0: not held). */
  latencyMs: number;
}

export interface ApplyInput {
  profile: NetworkProfile;
  seed: number;
  forSeconds?: number;
}

/** What GET shows of a client's profile: the admin document's `AppliedNetworkProfile` (spec/admin.yaml), the one shape. */
export type AppliedProfileView = components['schemas']['AppliedNetworkProfile'];

interface Applied {
  clientId: string;
  input: ApplyInput;
  appliedAtMs: number;
  untilMs: number | undefined;
  draw: () => number;
  /** Each other leg's own stream, seeded from the profile's seed. */
  legDraws: Record<OtherLeg, () => number>;
  requests: number;
  faults: AppliedProfileView['faults'];
  /** Monotonic instants the answers held now end at (a closed connection's is counted until then: bounded, not exact). */
  holdsEndAt: number[];
}

export interface NetworkProfiles {
  /** The client's applied profile, if any: the one lookup a request of a client with none pays. */
  of(clientId: string): Applied | undefined;
  apply(world: World, input: ApplyInput): AppliedProfileView;
  /** The client's profile as it stands on its clock now (undefined when none, or it expired, which removes it). */
  view(world: World): AppliedProfileView | undefined;
  /** Removes the client's profile; whether it had one. */
  remove(clientId: string): boolean;
  /** Removes every client's (a whole reset). */
  clear(): void;
  /**
   * What the profile does to a request of its client on `leg` now; undefined when it expired (it is then removed).
   * A hold is at most `maxHoldMs`, and none is given past MAX_PROFILE_HOLDS held at once.
   */
  meet(applied: Applied, world: World, leg: 'api' | 'token', maxHoldMs: number): ProfileMeeting | undefined;
  /**
   * What the profile does now to a delivery attempt (`webhooks`) or a checkout page request (`checkout`) of its
   * client; undefined when it expired. A held page counts among the holds (none past MAX_PROFILE_HOLDS).
   */
  meetLeg<L extends OtherLeg>(applied: Applied, world: World, leg: L, maxHoldMs: number): LegMeeting<L> | undefined;
  /** Remembers what a profile did to an order's checkout page; what it did, oldest first (kept after the profile ends). */
  notePage(meeting: PageMeeting): void;
  pagesOf(orderId: string): readonly PageMeeting[];
}

export function networkProfiles(): NetworkProfiles {
  // A Map: a client id is the caller's string.
  const applied = new Map<string, Applied>();
  const pages: PageMeeting[] = [];
  const live = (entry: Applied, nowMs: number) => {
    if (entry.untilMs === undefined || nowMs < entry.untilMs) return true;
    if (applied.get(entry.clientId) === entry) applied.delete(entry.clientId);
    return false;
  };
  return {
    of: (clientId) => applied.get(clientId),
    apply(world, input) {
      const appliedAtMs = world.nowMs();
      const entry: Applied = {
        clientId: world.clientId,
        input,
        appliedAtMs,
        untilMs: input.forSeconds === undefined ? undefined : appliedAtMs + input.forSeconds * 1000,
        draw: seededFractions(input.seed),
        legDraws: { webhooks: seededFractions(legSeed(input.seed, 1)), checkout: seededFractions(legSeed(input.seed, 2)) },
        requests: 0,
        faults: { reset: 0, replyLost: 0, timeout: 0, slowBody: 0, delayed: 0, connectDelay: 0, resetMidBody: 0, checkoutSlow: 0, checkoutUnavailable: 0 },
        holdsEndAt: [],
      };
      applied.set(world.clientId, entry);
      return viewOf(entry, appliedAtMs);
    },
    view(world) {
      const entry = applied.get(world.clientId);
      const nowMs = world.nowMs();
      return entry && live(entry, nowMs) ? viewOf(entry, nowMs) : undefined;
    },
    remove: (clientId) => applied.delete(clientId),
    clear: () => {
      applied.clear();
      pages.length = 0;
    },
    notePage(meeting) {
      pages.push(meeting);
      if (pages.length > MAX_PAGE_MEETINGS) pages.shift();
    },
    pagesOf: (orderId) => pages.filter((meeting) => meeting.orderId === orderId),
    meet(entry, world, leg, maxHoldMs) {
      const nowMs = world.nowMs();
      if (!live(entry, nowMs)) return undefined;
      const { stage } = stageAt(entry.input.profile.stages, nowMs - entry.appliedAtMs);
      const rates = (leg === 'token' ? stage.token : undefined) ?? stage.api;
      const draws = Array.from({ length: DRAWS_PER_REQUEST }, entry.draw);
      entry.requests += 1;
      const meeting = meetingOf(rates, draws, `${entry.input.profile.name}@${stage.name}`);
      return bounded(entry, meeting, maxHoldMs);
    },
    meetLeg<L extends OtherLeg>(entry: Applied, world: World, leg: L, maxHoldMs: number): LegMeeting<L> | undefined {
      const nowMs = world.nowMs();
      if (!live(entry, nowMs)) return undefined;
      const { stage } = stageAt(entry.input.profile.stages, nowMs - entry.appliedAtMs);
      const tag = `${entry.input.profile.name}@${stage.name}`;
      const fault = legFaultOf(stage, leg, entry.legDraws[leg]()) as LegFaults[L] | undefined;
      if (fault === undefined) return { tag };
      if (fault === 'slow' && !holdTaken(entry, maxHoldMs)) return { tag };
      entry.faults[FAULT_COUNTS[fault]] += 1;
      return { tag, fault };
    },
  };
}

/** Takes one of the client's holds for `holdMs`; false when MAX_PROFILE_HOLDS are already held. */
function holdTaken(entry: Applied, holdMs: number): boolean {
  const nowMs = monotonicMs();
  entry.holdsEndAt = entry.holdsEndAt.filter((endAt) => endAt > nowMs);
  if (entry.holdsEndAt.length >= MAX_PROFILE_HOLDS) return false;
  entry.holdsEndAt.push(nowMs + holdMs);
  return true;
}

/** The stage `elapsedMs` into the ramp is in (the first before it starts, the last once the others have passed). */
function stageAt(stages: readonly ProfileStage[], elapsedMs: number): { stage: ProfileStage; index: number; startMs: number } {
  let startMs = 0;
  for (let index = 0; index < stages.length; index += 1) {
    const stage = stages[index] as ProfileStage;
    const endMs = stage.forSeconds === undefined ? Infinity : startMs + stage.forSeconds * 1000;
    if (elapsedMs < endMs || index === stages.length - 1) return { stage, index, startMs };
    startMs = endMs;
  }
  throw new Error('a profile has at least one stage');
}

function meetingOf(leg: NetworkLeg, [faultDraw, ...latencyDraws]: number[], tag: string): ProfileMeeting {
  const latencyMs = latencyOf(leg.latencyMs, latencyDraws as [number, number, number]);
  let threshold = 0;
  for (const [fault, rate] of [['reset', leg.loss], ['reply_lost', leg.replyLost], ['timeout', leg.timeout], ['slow_body', leg.slowBody]] as const) {
    threshold += rate ?? 0;
    if ((faultDraw as number) < threshold) return { tag, fault, latencyMs };
  }
  return { tag, latencyMs };
}

function latencyOf(latency: NetworkLeg['latencyMs'], [a, b, c]: [number, number, number]): number {
  if (latency === undefined) return 0;
  if ('fixedMs' in latency) return latency.fixedMs;
  if ('minMs' in latency) return Math.round(latency.minMs + a * (latency.maxMs - latency.minMs));
  // Three even draws summed are bell-shaped (Irwin–Hall: mean 1.5, standard deviation 0.5), within three deviations.
  return Math.max(0, Math.round(latency.meanMs + (a + b + c - 1.5) * 2 * latency.stdDevMs));
}

/** The meeting within the holds' bounds, counted. */
function bounded(entry: Applied, meeting: ProfileMeeting, maxHoldMs: number): ProfileMeeting {
  const holds = meeting.fault === 'timeout' || meeting.fault === 'slow_body' || (meeting.fault === undefined && meeting.latencyMs > 0);
  if (holds) {
    const holdMs = meeting.fault === undefined ? Math.min(meeting.latencyMs, maxHoldMs) : maxHoldMs;
    if (!holdTaken(entry, holdMs)) return { tag: meeting.tag, latencyMs: 0 };
    if (meeting.fault === undefined) {
      entry.faults.delayed += 1;
      return { tag: meeting.tag, latencyMs: holdMs };
    }
  }
  if (meeting.fault === 'reset') entry.faults.reset += 1;
  if (meeting.fault === 'reply_lost') entry.faults.replyLost += 1;
  if (meeting.fault === 'timeout') entry.faults.timeout += 1;
  if (meeting.fault === 'slow_body') entry.faults.slowBody += 1;
  return meeting.fault === undefined ? meeting : { ...meeting, latencyMs: 0 };
}

function viewOf(entry: Applied, nowMs: number): AppliedProfileView {
  const { profile, seed } = entry.input;
  const { stage, index, startMs } = stageAt(profile.stages, nowMs - entry.appliedAtMs);
  const at = (ms: number) => new Date(entry.appliedAtMs + ms).toISOString();
  return {
    clientId: entry.clientId,
    profile: profile.name,
    ...(profile.description !== undefined && { description: profile.description }),
    source: profile.source,
    seed,
    appliedAt: at(0),
    ...(entry.untilMs !== undefined && { until: new Date(entry.untilMs).toISOString() }),
    stage: {
      name: stage.name,
      index,
      startedAt: at(startMs),
      ...(stage.forSeconds !== undefined && index < profile.stages.length - 1 && { endsAt: at(startMs + stage.forSeconds * 1000) }),
    },
    stages: [...profile.stages],
    requests: entry.requests,
    faults: { ...entry.faults },
  };
}
