/**
 * The per-request context: created once when a request arrives, carried through every stage, and handed
 * to observers (request journal, scenario effects, test-time response validation) with the reply.
 */
import type { Failure } from '../errors/failures.ts';
import type { Policy } from './policy.ts';
import type { TokenRecord } from './records.ts';

/** An authenticated request's token; its client is the request's world's (`RequestContext.world`), the one place it lives. */
export interface Principal {
  tokenId: string;
}

/** The access token a bearer header presents, found once (one hash, one read) whatever its state. */
export interface PresentedToken {
  record: TokenRecord;
  /** Whether the refresh token it was issued from was revoked (which revokes it too, RFC 7009 §2.1). */
  refreshRevoked: boolean;
}

/**
 * Who a request presents itself as, resolved once from its headers before any stage needs it
 * (http/stages/caller.ts) and carried in the request state; authentication judges it, it does not look it up again.
 */
export interface Caller {
  /** The genuine access token the bearer header presents; absent: no bearer header, or no such token. */
  token?: PresentedToken;
}

/** What observers read of a request's client's world (deps/world.ts `World`): its client and its time. */
export interface WorldFacts {
  readonly clientId: string;
  /** Now on its clock, in milliseconds. */
  nowMs(): number;
}

export interface RequestContext {
  requestId: string;
  ip: string;
  method: string;
  /** The path as received, without the query string. */
  path: string;
  /** The query string as received, without `?` ('' when none). */
  query: string;
  /** When it arrived, on the request's clock: the mock's until the caller stage finds its client, then its client's. */
  receivedAt: Date;
  /** Base of the links this response hands out (see http/base-url.ts). */
  baseUrl: string;
  /** The matched OpenAPI operation, once routed. */
  operationId?: string;
  principal?: Principal;
  /**
   * Headers a stage adds to whatever answer the request gets, refusals included (the rate limit's `RateLimit-*`): the
   * reply writer writes them and names none.
   */
  replyHeaders?: Record<string, string>;
  /** The active scenario the request runs under, if any (`global:token-expiry`, `request:order-paid`). */
  scenario?: string;
  /** The outcomes armed for the client that this request met: for the journal. */
  armed?: string[];
  /** The request's trace id, when tracing is on and the request is sampled: for the journal and the story. */
  traceId?: string;
  /** The network profile that met this request, as `profile@stage` (docs/network-failures.md#profiles): for the journal. */
  profile?: string;
  /** What this request runs under: the base policy, or that of the scenario the request resolved to. */
  policy: Policy;
  /**
   * The world of the client the request proves to be (by a token it holds or its secret), resolved once by the caller
   * stage (http/stages/caller.ts): its `clientId` is the one home of the request's client.
   */
  world?: WorldFacts;
  /** Monotonic milliseconds when the request arrived (clock.ts monotonicMs), for durations. */
  startedMs: number;
  /**
   * What happens to the connection once the reply is rendered, when a stage says (an armed network failure): absent
   * on every other request, which is written at once. The reply writer (http/send-reply.ts) carries it out.
   */
  connection?: ConnectionPlan;
  /**
   * An order placed for the same cart as one whose answer the client never read (coverage/duplicate-orders.ts, the
   * observer that sets it before the journal and coverage read it): the first order, what became of its answer (the
   * outcome's id) and how long after it this one came, on the client's clock.
   */
  duplicateOf?: DuplicateOrder;
}

export interface DuplicateOrder {
  orderId: string;
  /** What hid the first order's answer; `network.reset` or `network.timeout-before-commit` when the first is the retry of a request that made nothing. */
  after: 'network.reply-lost' | 'network.timeout' | 'network.slow-body' | 'network.reset' | 'network.timeout-before-commit';
  afterMs: number;
}

/**
 * A stage's say on the connection: the answer held `holdMs` before anything is done, then written, or (`end`) the
 * connection dropped or reset without a byte of it. A reply that is a dropped `Failure` (nothing handled) ends so too.
 */
export interface ConnectionPlan {
  holdMs?: number;
  /** The hold ends early once this settles (an armed `webhook.before-reply`: its deliveries' attempts made). */
  until?: Promise<unknown>;
  end?: 'drop' | 'reset';
  /** The answer's headers at once, its body in pieces spread over this long. */
  trickleMs?: number;
}

/**
 * What became of an answer the writer did not write at once (the journal's `network`): `reply_lost` (rendered, then
 * the connection dropped before a byte of it), `reset` (reset, nothing handled), `held` (held, then written),
 * `held_then_dropped` (held, then dropped), `closed_while_held` (the client, or the mock stopping, closed it first),
 * `trickled` (its body written in pieces over `heldMs`), `closed_while_trickled` (closed before the last piece).
 */
export type NetworkFate = 'reply_lost' | 'reset' | 'held' | 'held_then_dropped' | 'closed_while_held' | 'trickled' | 'closed_while_trickled';

/** What the reply writer sent, as observers see it. */
export interface Exchange {
  context: RequestContext;
  status: number;
  /** The headers written, Content-Type and Content-Length included. */
  headers: Record<string, string>;
  body: unknown;
  /** The body's JSON text as written, when it was (observers that keep the body keep this, not a copy). */
  payload?: string;
  /** What the request sent, as read: its headers, and its body once a stage parsed it (the journal keeps them, masked). */
  request?: { headers: Record<string, string | string[] | undefined>; body?: unknown };
  /** Set when the connection had a plan (`RequestContext.connection`): what became of the answer, and how long it was held. */
  network?: { fate: NetworkFate; heldMs?: number };
}

export type ExchangeObserver = (exchange: Exchange) => void;

/** The result of checking a request's bearer token: who is calling, or why not. */
export type Authentication = { ok: true; principal: Principal } | Failure;
