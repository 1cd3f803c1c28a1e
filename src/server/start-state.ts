/**
 * What the start-up banner says of the state a start begins with: the files `--reset` (or an unreadable data file)
 * moved aside, and on a restart what came back from the data file: records, active scenarios, the clock's distance
 * from real time, tenants and pending webhook deliveries. Read once, after the app restored its parts.
 */
import type { ClientRegistry } from '../clients/client-registry.ts';
import { COLLECTIONS, type CollectionName } from '../domain/records.ts';
import type { ClockState, MockClock } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import type { ScenarioEngine } from '../scenarios/scenario-engine.ts';
import type { SetAsideEvent, Store } from '../store/store-types.ts';
import type { Webhooks } from '../webhooks/webhooks.ts';

export interface StartState {
  /** Files moved aside at this start. */
  setAside: readonly SetAsideEvent[];
  /** Active scenarios as the banner names them: `slow-payment (global)`, `order-failed (client shop-new)`. */
  scenarios: readonly string[];
  /** Present when this start restored a previous run's state from the data file. */
  restored?: RestoredState;
  /** Configured clients that are deactivated now (at run time before a restart, or by the configuration). */
  deactivated?: readonly string[];
}

export interface RestoredState {
  /** Records by collection, the empty ones left out. */
  records: Partial<Record<CollectionName, number>>;
  clock: ClockState;
  /** Clients added over the admin API (tenants among them) and clients with a clock of their own. */
  tenants: ReadonlyArray<{ clientId: string; active: boolean; clock?: ClockState }>;
  pendingDeliveries: number;
}

export interface StartStateSources {
  config: Config;
  store: Store;
  clock: MockClock;
  clients: ClientRegistry;
  scenarios: Pick<ScenarioEngine, 'state'>;
  webhooks: Pick<Webhooks, 'deliveries'>;
}

export function readStartState(sources: StartStateSources, setAside: readonly SetAsideEvent[], restored: boolean): StartState {
  const { global, clients } = sources.scenarios.state();
  const scenarios = [
    ...(global ? [`${global} (global)`] : []),
    ...Object.entries(clients)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([clientId, name]) => `${name} (client ${clientId})`),
  ];
  const deactivated = sources.config.clients.filter((client) => sources.clients.find(client.clientId)?.active === false).map((client) => client.clientId);
  return { setAside, scenarios, deactivated, ...(restored ? { restored: restoredState(sources) } : {}) };
}

function restoredState({ config, store, clock, clients, webhooks }: StartStateSources): RestoredState {
  const records = Object.fromEntries(COLLECTIONS.map((name) => [name, store.count(name)]).filter(([, count]) => count !== 0));
  const configured = new Set(config.clients.map((client) => client.clientId));
  const owners = new Set(clock.owners());
  const tenants = clients
    .list()
    .filter((client) => !configured.has(client.clientId) || owners.has(client.clientId))
    .map((client) => {
      const own = clock.ownOf(client.clientId);
      return { clientId: client.clientId, active: client.active, ...(own ? { clock: own.state() } : {}) };
    });
  return { records, clock: clock.state(), tenants, pendingDeliveries: webhooks.deliveries({ status: 'pending' }).length };
}

/** `+10 min`, `-2 d 3 h`, `+45 s`: the largest two units of a clock's distance from real time. */
export function formatOffset(offsetMs: number): string {
  const sign = offsetMs < 0 ? '-' : '+';
  let seconds = Math.round(Math.abs(offsetMs) / 1000);
  const parts: string[] = [];
  for (const [unit, size] of [['d', 86_400], ['h', 3600], ['min', 60], ['s', 1]] as const) {
    const count = Math.floor(seconds / size);
    seconds -= count * size;
    if (count > 0) parts.push(`${count} ${unit}`);
  }
  return parts.length === 0 ? '+0 s' : `${sign}${parts.slice(0, 2).join(' ')}`;
}

/** `frozen at 2026-05-01T08:10:00.000Z`, `+10 min from real time`, or `real time` (within a second of it). */
export function describeClock(clock: ClockState): string {
  if (clock.frozen) return `frozen at ${clock.now}`;
  return Math.abs(clock.offsetMs) < 1000 ? 'real time' : `${formatOffset(clock.offsetMs)} from real time`;
}
