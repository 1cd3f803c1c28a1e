/**
 * A client's world as one value: the client, the clock it runs on (its own, a tenant's, or the mock's), the policy
 * it runs under (a request's own scenario, else its client's), the key of its rate window, its time for the journal,
 * and what other parts keep of it: its webhook endpoint, its armed outcomes, its journal. Resolved once, in
 * world/worlds.ts (per request by the caller stage, per client by the ticker), and handed to the flows, which do
 * not look the client up again.
 */
import type { WorldFacts } from '../domain/caller.ts';
import type { Policy } from '../domain/policy.ts';
import type { RecordOf } from '../domain/records.ts';
import type { WebhookEndpoint } from '../domain/webhook-endpoint.ts';
import type { components } from '../generated/admin-types.gen.ts';
import type { Clock } from '../platform/clock.ts';

export type JournalEntry = components['schemas']['JournalEntry'];

export interface World extends WorldFacts {
  readonly clientId: string;
  /** Its own clock if it has one, else the mock's. */
  readonly clock: Clock;
  /** Whether `clock` is its own (a tenant's). */
  readonly ownClock: boolean;
  /**
   * The policy it runs under: in a request, that of the request's scenario (its `X-Mock-Scenario`, else its
   * client's); outside one, its client's scenario's, else the global one's, else the base policy.
   */
  readonly policy: Policy;
  /** The key of its rate window for requests from `ip`: a tenant is counted apart from the others on that IP. */
  rateKey(ip: string): string;
  /** A mock-clock instant as its clock reads it (the same instant unless it has a clock of its own). */
  clientTime(mockInstant: Date): Date;
  /** The same world under a request's own policy (the one the request's scenario settled). */
  under(policy: Policy): World;
  /** Its webhook endpoint as it stands now (webhooks/ keeps it), if it has one. */
  webhookEndpoint(): Readonly<WebhookEndpoint> | undefined;
  /** Its armed outcomes, live and spent, as armed/ keeps them. */
  armedOutcomes(): ReadonlyArray<Readonly<RecordOf<'armedOutcomes'>>>;
  /** Its newest `limit` journal entries, newest first, and how many its journal keeps in all. */
  journal(limit: number): { entries: JournalEntry[]; total: number };
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
