/**
 * The journal of API requests served (in the manner of WireMock's request journal): one entry per answer, newest
 * kept, bounded in size. QA reads it to see what an integration called and what it got, and counts matching
 * entries to verify a call was made N times. The requests of a client and those of no client (a call without a
 * token, a refused credential attempt: see http/stages/caller.ts) are kept in two rings of their own, read as one: no
 * number of requests that merely name a client pushes out what clients did (docs/security.md, "A tenant's window is
 * its own").
 */
import type { Exchange } from '../domain/caller.ts';
import type { components } from '../generated/admin-types.gen.ts';
import { elapsedMs } from '../http/request-context.ts';
import { journalExchange, shownExchange, type JournalExchange, type KeptExchange } from './journal-exchange.ts';
import { cartDigestOf, errorDetailOf, orderStatusOf, retryAfterOf, secretSentOf } from './journal-facts.ts';
import { journalRing, newestOfBoth, type JournalSlot } from './journal-ring.ts';
import { shownIds, touchedIds } from './journal-touches.ts';
import { pathPattern } from '../scenarios/path-pattern.ts';
import { redactQuery } from '../http/redact.ts';
import { stripApiPrefix } from '../openapi/spec-document.ts';

/** One entry, as the admin document's `JournalEntry` states it (the one shape, generated from spec/admin.yaml). */
export type RequestJournalEntry = components['schemas']['JournalEntry'];
/** An entry with its request and response (see journal-exchange.ts), while the budget keeps them. */
export type RequestJournalDetail = RequestJournalEntry & Partial<JournalExchange>;

export interface JournalFilter {
  clientId?: string;
  operationId?: string;
  method?: string;
  /**
   * `*` one segment, `**` any number; matched against the path as received and its canonical form (`/v1/…`), so
   * `/v1/orders/*` counts the calls an integration made through `/api/v1` or `/api` too, as scenario rules do.
   */
  path?: string;
  status?: number;
  since?: string;
  until?: string;
  /** A record id the request's path, query or answer named (./journal-touches.ts). */
  touching?: string;
}

export interface RequestJournal {
  record(exchange: Exchange): void;
  /** Matching entries, newest first, and how many match in all. */
  list(filter: JournalFilter, limit: number): { entries: RequestJournalEntry[]; total: number };
  /** Matching entries with what the budget still keeps of their exchanges, oldest first (a contract, a HAR). */
  details(filter: JournalFilter): RequestJournalDetail[];
  /** The newest entry with that request id (a client may send one X-Request-Id twice). */
  find(id: string): RequestJournalDetail | undefined;
  count(filter: JournalFilter): number;
  /** Empties the journal; returns how many entries it held. */
  clear(): number;
  /** Drops one client's entries (a tenant deleted), keeping the others in order; returns how many went. */
  forget(clientId: string): number;
  /**
   * One client's entries, oldest first (what the audit reads, src/audit/), and whether the journal let entries of
   * this client go since it was last emptied (then these are only the newest it kept).
   */
  trail(clientId: string): { entries: RequestJournalEntry[]; dropped: boolean };
}

export const DEFAULT_JOURNAL_SIZE = 1000;

/** `capacity`: the entries kept of clients, and as many apart of no client. */
export function createRequestJournal(capacity = DEFAULT_JOURNAL_SIZE): RequestJournal {
  const ofClients = journalRing<Slot>(capacity);
  const ofNoClient = journalRing<Slot>(capacity);
  let sequence = 0;
  /** The clients whose entries the ring let go (one entry each at most per client: as many as there are clients). */
  const droppedOf = new Set<string>();
  const newestSlots = () => newestOfBoth(ofClients.newestSlots(), ofNoClient.newestSlots());
  const matching = (filter: JournalFilter) => {
    const { touching } = filter;
    const pattern = filter.path === undefined ? undefined : pathPattern(filter.path);
    const since = filter.since === undefined ? undefined : Date.parse(filter.since);
    const until = filter.until === undefined ? undefined : Date.parse(filter.until);
    const test = (entry: RequestJournalEntry, receivedMs: number) =>
      (filter.clientId === undefined || entry.clientId === filter.clientId) &&
      (filter.operationId === undefined || entry.operationId === filter.operationId) &&
      (filter.method === undefined || entry.method === filter.method) &&
      (pattern === undefined || pattern.test(entry.path) || pattern.test(canonicalPath(entry.path))) &&
      (filter.status === undefined || entry.status === filter.status) &&
      (since === undefined || receivedMs >= since) &&
      (until === undefined || receivedMs < until);
    return (slot: Slot) => (touching === undefined || touchesOf(slot).includes(touching)) && test(entryOf(slot), slot.receivedMs);
  };
  return {
    record(exchange) {
      const { context } = exchange;
      const clientId = context.world?.clientId;
      const ring = clientId === undefined ? ofNoClient : ofClients;
      const reused = ring.reuse();
      if (reused?.clientId !== undefined) droppedOf.add(reused.clientId);
      const slot = reused ?? new Slot();
      slot.write(exchange, clientId, (sequence += 1));
      ring.add(slot);
    },
    list(filter, limit) {
      const test = matching(filter);
      const entries: RequestJournalEntry[] = [];
      let total = 0;
      for (const slot of newestSlots()) {
        if (!test(slot)) continue;
        total += 1;
        if (entries.length < limit) entries.push(entryOf(slot));
      }
      return { entries, total };
    },
    details(filter) {
      const test = matching(filter);
      const found: RequestJournalDetail[] = [];
      for (const slot of newestSlots()) if (test(slot)) found.push(detailOf(slot));
      return found.reverse();
    },
    find(id) {
      for (const slot of newestSlots()) if (slot.id === id) return detailOf(slot);
      return undefined;
    },
    count(filter) {
      const test = matching(filter);
      let total = 0;
      for (const slot of newestSlots()) if (test(slot)) total += 1;
      return total;
    },
    clear() {
      droppedOf.clear();
      return ofClients.clear() + ofNoClient.clear();
    },
    forget(clientId) {
      droppedOf.delete(clientId);
      return ofClients.forget(clientId);
    },
    trail(clientId) {
      const entries: RequestJournalEntry[] = [];
      for (const slot of ofClients.newestSlots()) if (slot.clientId === clientId) entries.push(entryOf(slot));
      return { entries: entries.reverse(), dropped: droppedOf.has(clientId) };
    },
  };
}

/**
 * One entry as the journal holds it, written when the request is answered and, once its ring is full, written again
 * for a later request: the facts an entry needs, read now (the instant on the clock of the client's world, resolved
 * once by the caller stage: a tenant's journal reads its own time; the duration), made into the entry when first
 * read (most entries never are), and the exchange while the budget keeps it. Every field is set by the constructor,
 * in one order, so every slot has one shape.
 */
class Slot implements JournalSlot {
  sequence = 0;
  clientId: string | undefined = undefined;
  exchange: KeptExchange | undefined = undefined;
  bytes = 0;
  id = '';
  /** The instant as a number: a Date kept for every entry would be one more object the collector carries. */
  receivedMs = 0;
  method = '';
  path = '';
  query: string | undefined = undefined;
  operationId: string | undefined = undefined;
  scenario: string | undefined = undefined;
  armed: readonly string[] | undefined = undefined;
  profile: string | undefined = undefined;
  status = 0;
  error: string | undefined = undefined;
  durationMs = 0;
  /** The request's trace id (tracing on). */
  traceId: string | undefined = undefined;
  /** What became of an answer the network failed (an armed `network.*`), and how long it was held. */
  network: RequestJournalEntry['network'] = undefined;
  heldMs: number | undefined = undefined;
  /** The first order of the same cart, when this request placed a duplicate (coverage/duplicate-orders.ts). */
  duplicateOf: Exchange['context']['duplicateOf'] = undefined;
  /** What the audit reads beyond the summary (./journal-facts.ts), each only where it concerns the answer. */
  retryAfterSeconds: number | undefined = undefined;
  orderStatus: string | undefined = undefined;
  cart: string | undefined = undefined;
  secretSent: RequestJournalEntry['secretSent'] = undefined;
  errorDetail: string | undefined = undefined;
  /** The ids the answer showed (./journal-touches.ts): read now, since the answer is not kept whole. */
  shown: readonly string[] = [];
  /** Made when first read. */
  entry: RequestJournalEntry | undefined = undefined;
  touches: readonly string[] | undefined = undefined;

  write(exchange: Exchange, clientId: string | undefined, sequence: number): void {
    const { context, status, body } = exchange;
    const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
    const { kept, bytes } = journalExchange(exchange);
    this.sequence = sequence;
    this.clientId = clientId;
    this.exchange = kept;
    this.bytes = bytes;
    this.id = context.requestId;
    this.receivedMs = context.receivedAt.getTime();
    this.method = context.method;
    this.path = context.path;
    // Masked now, like the headers and bodies: no secret is held, even until read.
    this.query = context.query ? redactQuery(context.query) : undefined;
    this.operationId = context.operationId;
    this.scenario = context.scenario;
    this.armed = context.armed;
    this.profile = context.profile;
    this.status = status;
    this.error = typeof error === 'string' ? error : undefined;
    this.durationMs = elapsedMs(context);
    this.traceId = context.traceId;
    this.network = exchange.network?.fate;
    this.heldMs = exchange.network?.heldMs;
    this.duplicateOf = context.duplicateOf;
    this.retryAfterSeconds = retryAfterOf(exchange);
    this.orderStatus = orderStatusOf(exchange);
    this.cart = cartDigestOf(exchange);
    this.secretSent = secretSentOf(exchange);
    this.errorDetail = errorDetailOf(exchange);
    this.shown = shownIds(body);
    this.entry = undefined;
    this.touches = undefined;
  }
}

/** The ids a slot's request touched, read from its kept path, masked query and shown ids when first asked. */
function touchesOf(slot: Slot): readonly string[] {
  slot.touches ??= touchedIds(slot.path, slot.query, slot.shown);
  return slot.touches;
}

function detailOf(slot: Slot): RequestJournalDetail {
  return { ...entryOf(slot), ...(slot.exchange ? shownExchange(slot.exchange) : {}) };
}

/** The entry of a slot, made once. */
function entryOf(slot: Slot): RequestJournalEntry {
  if (slot.entry) return slot.entry;
  const { id, receivedMs, method, path, query, operationId, clientId, scenario, armed, profile, status, error, durationMs, network, heldMs, traceId, duplicateOf } = slot;
  const { retryAfterSeconds, orderStatus, cart, secretSent, errorDetail } = slot;
  slot.entry = {
    id,
    receivedAt: new Date(receivedMs).toISOString(),
    method,
    path,
    ...(query ? { query } : {}),
    ...(operationId ? { operationId } : {}),
    ...(clientId ? { clientId } : {}),
    ...(scenario ? { scenario } : {}),
    ...(armed ? { armed: [...armed] } : {}),
    ...(profile !== undefined && { profile }),
    status,
    ...(error !== undefined ? { error } : {}),
    durationMs,
    ...(network !== undefined && { network }),
    ...(heldMs !== undefined && { heldMs }),
    ...(traceId !== undefined && { traceId }),
    ...(duplicateOf !== undefined && { duplicateOf: duplicateOf.orderId, duplicateAfter: duplicateOf.after, duplicateAfterMs: duplicateOf.afterMs }),
    ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
    ...(orderStatus !== undefined && { orderStatus }),
    ...(cart !== undefined && { cart }),
    ...(secretSent !== undefined && { secretSent }),
    ...(errorDetail !== undefined && { errorDetail }),
  };
  return slot.entry;
}

/** `/api/orders/x` → `/v1/orders/x`; a path under no API prefix stays as it is. */
function canonicalPath(path: string): string {
  const apiPath = stripApiPrefix(path);
  return apiPath === undefined ? path : `/v1${apiPath === '/' ? '' : apiPath}`;
}
