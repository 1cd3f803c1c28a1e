/**
 * What an imported state (or a snapshot being restored) must hold beyond the shape its document checks
 * (spec/admin.yaml `State`): a clock the mock can run at, each client once, scenarios activated only for those
 * clients (as `PUT /scenarios/active` insists), only the collections the store has, each record under its own
 * id and following its collection's schema, well-formed bookkeeping, webhook endpoints and deliveries the mock
 * could use. Checked whole before anything is replaced, so a refused import changes nothing.
 */
import { isWithinClockRange, OUTSIDE_CLOCK_RANGE } from '../platform/clock.ts';
import { MAX_DETAILS, type ErrorDetail } from '../errors/failures.ts';
import { COLLECTIONS, type CollectionName } from '../domain/records.ts';
import type { WebhookUrlRules } from '../domain/webhook-url.ts';
import type { AdminRequestBodyOf } from '../domain/operation-ids.ts';
import type { ExportedState } from './mock-state.ts';
import { metaProblems, recordProblems, webhookProblems } from './state-schema.ts';
import { liveArmsRule } from '../armed/arm-rules.ts';

const KNOWN_COLLECTIONS: ReadonlySet<string> = new Set(COLLECTIONS);

/** The document's `State` (spec/admin.yaml), as the mock holds it. */
export type StateBody = AdminRequestBodyOf<'importState'>;

/**
 * The document's `State` read as the mock's own: the router checked its shape, and `importProblems` checks what the
 * document cannot say (each record against its collection's schema, the bookkeeping) before anything is applied.
 */
export function asExportedState(body: StateBody): ExportedState {
  return body as ExportedState;
}

export function importProblems(state: ExportedState, webhookUrlRules: WebhookUrlRules): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (!isWithinClockRange(Date.parse(state.clock.now))) problems.push({ path: 'clock.now', message: OUTSIDE_CLOCK_RANGE });
  const seen = new Set<string>();
  state.clients.forEach((client, index) => {
    if (seen.has(client.clientId)) problems.push({ path: `clients[${index}].clientId`, message: `cliente repetido: ${client.clientId}` });
    seen.add(client.clientId);
  });
  for (const clientId of Object.keys(state.scenarios.clients)) {
    if (!seen.has(clientId)) problems.push({ path: `scenarios.clients.${clientId}`, message: `cliente desconhecido: ${clientId}` });
  }
  for (const [clientId, clock] of Object.entries(state.clientClocks ?? {})) {
    if (!seen.has(clientId)) problems.push({ path: `clientClocks.${clientId}`, message: `cliente desconhecido: ${clientId}` });
    else if (!isWithinClockRange(Date.parse(clock.now))) problems.push({ path: `clientClocks.${clientId}.now`, message: OUTSIDE_CLOCK_RANGE });
  }
  for (const [name, records] of Object.entries(state.store.collections)) {
    if (!KNOWN_COLLECTIONS.has(name)) {
      problems.push({ path: `store.collections.${name}`, message: `coleção desconhecida (conhecidas: ${COLLECTIONS.join(', ')})` });
      continue;
    }
    for (const [key, record] of Object.entries(records)) {
      if (problems.length >= MAX_DETAILS) return problems.slice(0, MAX_DETAILS);
      if (record.id !== key) problems.push({ path: `store.collections.${name}.${key}.id`, message: 'deve ser igual à chave do registo' });
      problems.push(...recordProblems(name as CollectionName, key, record));
    }
  }
  problems.push(...liveArmsProblems(state), ...metaProblems(state.store.meta), ...webhookProblems(state.webhooks, webhookUrlRules));
  return problems.slice(0, MAX_DETAILS);
}

/** Each client's live armed outcomes against the route's cap (armed/arm-rules.ts): no more than one could arm. */
function liveArmsProblems(state: ExportedState): ErrorDetail[] {
  const live = new Map<string, number>();
  for (const record of Object.values(state.store.collections.armedOutcomes ?? {}) as Array<{ clientId?: unknown; remaining?: unknown }>) {
    if (typeof record.clientId === 'string' && typeof record.remaining === 'number' && record.remaining > 0) live.set(record.clientId, (live.get(record.clientId) ?? 0) + 1);
  }
  return [...live].flatMap(([clientId, count]) => {
    const refused = liveArmsRule(count);
    return refused ? [{ path: 'store.collections.armedOutcomes', message: `${clientId}: ${refused.message}` }] : [];
  });
}
