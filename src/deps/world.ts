/**
 * A client's world as one value: the client, the clock it runs on (its own, a tenant's, or the mock's), the policy
 * its clock-driven work runs under, the key of its rate window and its time for the journal. Resolved once, in
 * world/worlds.ts (per request by the caller stage, per client by the ticker), and handed to the flows, which do
 * not look the client up again.
 */
import type { WorldFacts } from '../domain/caller.ts';
import type { Policy } from '../domain/policy.ts';
import type { Clock } from '../platform/clock.ts';

export interface World extends WorldFacts {
  readonly clientId: string;
  /** Its own clock if it has one, else the mock's. */
  readonly clock: Clock;
  /** Whether `clock` is its own (a tenant's). */
  readonly ownClock: boolean;
  /** The policy its clock-driven work runs under: its scenario's, else the global one's, else the base policy. */
  readonly policy: Policy;
  /** The key of its rate window for requests from `ip`: a tenant is counted apart from the others on that IP. */
  rateKey(ip: string): string;
  /** A mock-clock instant as its clock reads it (the same instant unless it has a clock of its own). */
  clientTime(mockInstant: Date): Date;
}

/** Resolves a client's world; the one implementation is world/worlds.ts. */
export interface Worlds {
  of(clientId: string): World;
}

declare module '../store/event-bus.ts' {
  interface ChangeContext {
    /** The worlds of the change's clients, as its boundary resolved them (a request's caller, the ticker's slice). */
    worlds?: readonly World[];
  }
}
