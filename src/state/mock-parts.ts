/**
 * Every piece of state a running mock holds, in the order an import loads them and a reset resets them (the records
 * first: the others may read them), each with what export, import, reset and restart do to it (see mock-state.ts).
 * Client secrets are written down as their hashes only (clients/secret-hash.ts), the configured ones included:
 * nothing secret reaches the data file or its journal.
 */
import type { ClientInput } from '../clients/client-registry.ts';
import { hashSecret, secretMatches } from '../clients/secret-hash.ts';
import type { Config } from '../platform/config.ts';
import { seedInitialData } from '../fake/seed-initial-data.ts';
import type { RateLimiter } from '../rate-limit/rate-windows.ts';
import type { ClockSetting, ClockState } from '../platform/clock.ts';
import type { AppDeps } from '../deps/deps.ts';
import type { ScenarioEngine, ScenarioEngineState } from '../scenarios/scenario-engine.ts';
import type { StoreData } from '../store/store-types.ts';
import { isTokenLedgerKey } from '../tokens/ledger.ts';
import type { WebhookEndpoint, Webhooks, WebhooksState } from '../webhooks/webhook-types.ts';
import { PARTS_META_PREFIX, type StatePart } from './mock-state.ts';
import type { RequestJournal } from './request-journal.ts';
import type { StatusCauses } from './status-causes.ts';
import type { Coverage, CoverageState } from '../coverage/coverage-recorder.ts';
import type { NetworkProfiles } from '../armed/network-profiles.ts';

export interface MockParts {
  scenarios: ScenarioEngine;
  webhooks: Webhooks;
  limiter: RateLimiter;
  journal: RequestJournal;
  coverage: Coverage;
  statusCauses: StatusCauses;
  networkProfiles: NetworkProfiles;
}

export function mockParts(deps: AppDeps, owners: MockParts): StatePart[] {
  const { config, store, clock, clients } = deps;
  const { scenarios, webhooks, limiter, journal, coverage, statusCauses, networkProfiles } = owners;
  return [
    {
      name: 'records',
      exported: { field: 'store', save: () => withoutPartsMeta(store.dump()), load: (value) => store.replace(value as StoreData) },
      reset() {
        store.clear();
        seedInitialData(deps);
      },
      // A client's records and its token ledger, in one journal line that names the client (not the whole store).
      resetClient: (clientId) => store.removeClient(clientId, (key) => isTokenLedgerKey(key, clientId)),
      removeClient: (clientId) => store.removeClient(clientId, (key) => isTokenLedgerKey(key, clientId)),
    },
    {
      name: 'clock',
      exported: {
        field: 'clock',
        save: () => clock.state(),
        load(value) {
          const state = value as ClockState;
          // Set while frozen, so a frozen state reads its exact instant (not one a few real milliseconds on).
          clock.freeze(true);
          clock.set(new Date(state.now));
          clock.freeze(state.frozen);
        },
      },
      durable: { key: 'mock.clock', configured: null, save: () => clock.setting(), load: (value) => clock.apply(value as ClockSetting) },
      reset: () => clock.reset(),
    },
    {
      // A tenant's clock (a client with time of its own), by client.
      name: 'client clocks',
      exported: {
        field: 'clientClocks',
        save: () => Object.fromEntries(clock.owners().map((clientId) => [clientId, clock.ownOf(clientId)?.state()])),
        load(value) {
          clock.applyOwnSettings({});
          for (const [clientId, state] of Object.entries((value ?? {}) as Record<string, ClockState>)) {
            const own = clock.own(clientId, new Date(state.now));
            if (!state.frozen) own.freeze(false);
          }
        },
      },
      durable: { key: 'mock.clientClocks', configured: {}, save: () => clock.ownSettings(), load: (value) => clock.applyOwnSettings(value as Record<string, ClockSetting>) },
      // A client's reset drops its records, not its time: DELETE /clients/{id}/clock does that.
      reset: () => clock.applyOwnSettings({}),
      removeClient(clientId) {
        clock.release(clientId);
      },
    },
    {
      name: 'clients',
      exported: { field: 'clients', save: () => clients.list().map((client) => ({ ...client })), load: (value) => clients.replace(value as ClientInput[]) },
      durable: {
        key: 'mock.clients',
        configured: config.clients.map(({ clientId, clientSecret, active, name }) => ({ clientId, secretHash: hashSecret(clientSecret), active, name })),
        sameConfiguration: (saved) => sameConfiguredClients(config.clients, saved),
        save: () => clients.list().map(({ clientSecret: _secret, ...kept }) => kept),
        load: (value) => clients.replace(value as ClientInput[]),
      },
      reset: () => clients.reset(),
      removeClient(clientId) {
        clients.remove(clientId);
      },
    },
    {
      name: 'scenario activations',
      exported: { field: 'scenarios', save: () => scenarios.state(), load: (value) => scenarios.restore(value as ScenarioEngineState) },
      durable: {
        key: 'mock.scenarios',
        configured: { global: config.scenario ?? null, clients: config.clients.map((client) => client.scenario ?? null) },
        save: () => scenarios.state(),
        load: (value) => void scenarios.restore(value as ScenarioEngineState),
      },
      reset: () => scenarios.reset(),
      removeClient(clientId) {
        scenarios.deactivate(clientId);
      },
    },
    {
      name: 'webhooks',
      exported: {
        field: 'webhooks',
        save: () => webhooks.state(),
        // A state exported before webhooks existed carries none: the deliveries are those of its records.
        load: (value) => (value === undefined ? webhooks.reload() : webhooks.restore(value as WebhooksState)),
      },
      durable: {
        key: 'mock.webhookEndpoints',
        configured: webhooks.configuredEndpoints(),
        save: () => webhooks.endpoints(),
        load: (value) => webhooks.setEndpoints(value as Record<string, WebhookEndpoint>),
      },
      reset: () => webhooks.reset(),
      reload: () => webhooks.reload(),
      // Its deliveries are records (gone with the client's records); its endpoint goes here.
      removeClient(clientId) {
        webhooks.setEndpoint(clientId, null);
      },
    },
    { name: 'rate windows', reset: () => limiter.reset(), imported: () => limiter.reset() },
    { name: 'request journal', reset: () => journal.clear(), removeClient: (clientId) => void journal.forget(clientId) },
    // An order's moves of an imported state are not this process's: their causes are not known.
    { name: 'status causes', reset: () => statusCauses.clear(), imported: () => statusCauses.clear(), removeClient: (clientId) => statusCauses.forget(clientId) },
    {
      // What each client met and handled: kept across restarts and a client's reset (records), gone with a whole reset.
      name: 'outcome coverage',
      durable: { key: 'mock.coverage', configured: null, save: () => coverage.state(), load: (value) => coverage.load(value as CoverageState) },
      reset: () => coverage.load({}),
      removeClient: (clientId) => void coverage.clear(clientId),
    },
    // A run's weather, in memory only (armed/network-profiles.ts): gone with a whole reset or the client, never exported.
    { name: 'network profiles', reset: () => networkProfiles.clear(), removeClient: (clientId) => void networkProfiles.remove(clientId) },
    // Kept across a reset and an import, never exported, lost at restart: see snapshots.ts.
    { name: 'snapshots' },
  ];
}

/** The durable parts saved in the store's meta travel in their own fields of an export. */
function withoutPartsMeta(data: StoreData): StoreData {
  return { ...data, meta: Object.fromEntries(Object.entries(data.meta).filter(([key]) => !key.startsWith(PARTS_META_PREFIX))) };
}

const json = (value: unknown) => JSON.stringify(value) ?? 'null';

/** Saved under these configured clients: the same ids, flags and names, and hashes of the same secrets. */
function sameConfiguredClients(configured: Config['clients'], saved: unknown): boolean {
  if (!Array.isArray(saved) || saved.length !== configured.length) return false;
  return configured.every(({ clientId, clientSecret, active, name }, index) => {
    const other = saved[index] as { clientId?: unknown; secretHash?: unknown; clientSecret?: unknown; active?: unknown; name?: unknown };
    const same = json({ clientId, active, name }) === json({ clientId: other.clientId, active: other.active, name: other.name });
    // A data file written before secrets were hashed holds the configured secret itself.
    return same && (typeof other.secretHash === 'string' ? secretMatches(clientSecret, other.secretHash) : other.clientSecret === clientSecret);
  });
}
