/** Everything the app needs from outside, injected by the CLI (or by a test). */
import type { ClientRegistry } from '../clients/client-registry.ts';
import type { MockClock } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import type { ExchangeObserver } from '../domain/caller.ts';
import type { EventListener } from '../domain/events.ts';
import type { Logger } from '../platform/log.ts';
import type { Random } from '../platform/random.ts';
import type { Store } from '../store/store-types.ts';

/**
 * What a flow needs: the store it owns its records in, randomness, the configuration and the clients. No clock: a
 * flow reads time from the world it is handed (deps/world.ts), the one clock of its client.
 */
export interface FlowDeps {
  config: Config;
  clients: ClientRegistry;
  random: Random;
  store: Store;
}

export interface AppDeps extends FlowDeps {
  /** The mock's clock: the boundaries resolve each client's world from it (world/worlds.ts). */
  clock: MockClock;
  /** Defaults to silent. */
  logger?: Logger;
  /** Called with every reply the mock sends (request journal, test-time response validation). */
  observers?: ExchangeObserver[];
  /** Called with every domain event, once the change that caused it is durable. */
  listeners?: EventListener[];
}
