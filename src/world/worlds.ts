/**
 * Where a client's world is resolved: its clock (own or the mock's), its scenario policy, its rate window key and
 * its journal time, read once into one small value (deps/world.ts), with what the parts built after it keep of the
 * client (its webhook endpoint, armed outcomes and journal), read through them when asked. The request path
 * resolves it in the caller stage, the ticker once per client per slice; subsystems that work outside a request
 * hold this resolver, and what runs before the scenarios exist (the store's token retention) reads `clientClock`.
 */
import type { Policy } from '../domain/policy.ts';
import type { World, Worlds } from '../deps/world.ts';
import type { Clock, MockClock } from '../platform/clock.ts';
import type { ScenarioEngine } from '../scenarios/scenario-engine.ts';

export interface WorldSources {
  clock: MockClock;
  scenarios: Pick<ScenarioEngine, 'forClient'>;
}

/** The parts that keep a client's records; built after the worlds (they resolve worlds themselves), so kept later. */
export interface WorldKeepers {
  webhookEndpoint(clientId: string): ReturnType<World['webhookEndpoint']>;
  armedOutcomes(clientId: string): ReturnType<World['armedOutcomes']>;
  journal(clientId: string, limit: number): ReturnType<World['journal']>;
}

/** The resolver, and the one call that hands it the keepers once the app has built them. */
export interface KeptWorlds extends Worlds {
  keep(keepers: WorldKeepers): void;
}

export function createWorlds(sources: WorldSources): KeptWorlds {
  const { clock, scenarios } = sources;
  const kept: { keepers: WorldKeepers } = { keepers: NOT_KEPT };
  return {
    of(clientId) {
      const own = clientClock(clock, clientId);
      return new ClientWorld({ clientId, clock: own, ownClock: own !== clock, policy: scenarios.forClient(clientId), mockClock: clock, kept });
    },
    keep(keepers) {
      kept.keepers = keepers;
    },
  };
}

/** The clock a client's world runs on: its own if it has one, else the mock's. */
export function clientClock(clock: MockClock, clientId: string): Clock {
  return clock.ownOf(clientId) ?? clock;
}

/** Asked before the app kept its parts: a wiring mistake, said at once. */
const NOT_KEPT: WorldKeepers = {
  webhookEndpoint: notKept,
  armedOutcomes: notKept,
  journal: notKept,
};

function notKept(): never {
  throw new Error("a world's webhook endpoint, armed outcomes and journal are read only once the app has built them");
}

interface Facts {
  clientId: string;
  clock: Clock;
  ownClock: boolean;
  policy: Policy;
  mockClock: Clock;
  kept: { keepers: WorldKeepers };
}

/** A class, so a request's world is one object and its methods are shared, not closures made per request. */
class ClientWorld implements World {
  readonly clientId: string;
  readonly clock: Clock;
  readonly ownClock: boolean;
  readonly policy: Policy;
  private readonly facts: Facts;

  constructor(facts: Facts) {
    this.clientId = facts.clientId;
    this.clock = facts.clock;
    this.ownClock = facts.ownClock;
    this.policy = facts.policy;
    this.facts = facts;
  }

  rateKey(ip: string): string {
    return this.ownClock ? `${this.clientId}|${ip}` : ip;
  }

  nowMs(): number {
    return this.clock.nowMs();
  }

  clientTime(mockInstant: Date): Date {
    return this.ownClock ? new Date(mockInstant.getTime() + this.clock.nowMs() - this.facts.mockClock.nowMs()) : mockInstant;
  }

  under(policy: Policy): World {
    return policy === this.policy ? this : new ClientWorld({ ...this.facts, policy });
  }

  webhookEndpoint() {
    return this.facts.kept.keepers.webhookEndpoint(this.clientId);
  }

  armedOutcomes() {
    return this.facts.kept.keepers.armedOutcomes(this.clientId);
  }

  journal(limit: number) {
    return this.facts.kept.keepers.journal(this.clientId, limit);
  }
}
