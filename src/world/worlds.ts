/**
 * Where a client's world is resolved: its clock (own or the mock's), its scenario policy, its rate window key and
 * its journal time, read once into one small value (deps/world.ts). The request path resolves it in the caller
 * stage, the ticker once per client per slice; subsystems that work outside a request hold this resolver, and what
 * runs before the scenarios exist (the store's token retention) reads `clientClock`.
 */
import type { Policy } from '../domain/policy.ts';
import type { World, Worlds } from '../deps/world.ts';
import type { Clock, MockClock } from '../platform/clock.ts';
import type { ScenarioEngine } from '../scenarios/scenario-engine.ts';

export interface WorldSources {
  clock: MockClock;
  scenarios: Pick<ScenarioEngine, 'forClient'>;
}

export function createWorlds(sources: WorldSources): Worlds {
  const { clock, scenarios } = sources;
  return {
    of(clientId) {
      const own = clientClock(clock, clientId);
      return new ClientWorld(clientId, own, own !== clock, scenarios.forClient(clientId), clock);
    },
  };
}

/** The clock a client's world runs on: its own if it has one, else the mock's. */
export function clientClock(clock: MockClock, clientId: string): Clock {
  return clock.ownOf(clientId) ?? clock;
}

/** A class, so a request's world is one object and its methods are shared, not closures made per request. */
class ClientWorld implements World {
  readonly clientId: string;
  readonly clock: Clock;
  readonly ownClock: boolean;
  readonly policy: Policy;
  private readonly mockClock: Clock;

  constructor(clientId: string, clock: Clock, ownClock: boolean, policy: Policy, mockClock: Clock) {
    this.clientId = clientId;
    this.clock = clock;
    this.ownClock = ownClock;
    this.policy = policy;
    this.mockClock = mockClock;
  }

  rateKey(ip: string): string {
    return this.ownClock ? `${this.clientId}|${ip}` : ip;
  }

  nowMs(): number {
    return this.clock.nowMs();
  }

  clientTime(mockInstant: Date): Date {
    return this.ownClock ? new Date(mockInstant.getTime() + this.clock.nowMs() - this.mockClock.nowMs()) : mockInstant;
  }
}
