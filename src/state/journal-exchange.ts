/**
 * What the journal keeps of an exchange beyond its summary: the request's and the response's headers and bodies,
 * every secret masked by the one redaction (http/redact.ts) before anything is kept, each body cut at a fixed size,
 * and all of them together held under a byte budget (the newest kept, the oldest let go first).
 */
import type { Exchange } from '../domain/caller.ts';
import type { components } from '../generated/admin-types.gen.ts';
import { holdsSecret, maskedHeaders, redactedJson } from '../http/redact.ts';

export type JournalMessage = components['schemas']['JournalMessage'];
export type JournalExchange = { request: JournalMessage; response: JournalMessage };

/** What is kept of a message: its masked headers and its masked body as JSON text (a snapshot, cheap to hold). */
interface KeptMessage {
  headers: Record<string, string | string[]>;
  text?: string;
  bodyBytes?: number;
  truncated?: true;
}
export type KeptExchange = { request: KeptMessage; response: KeptMessage };

/** A body is kept up to this much of its JSON text: a page of orders fits, a 1 MiB upload does not. */
export const BODY_CAP_BYTES = 16 * 1024;
/** The kept exchanges of the whole journal together: a few hundred large ones, or a thousand ordinary ones. */
export const EXCHANGE_BUDGET_BYTES = 4 * 1024 * 1024;

/** The exchange masked and cut, and what it costs the budget: its bodies' and headers' text. */
export function journalExchange(exchange: Exchange): { kept: KeptExchange; bytes: number } {
  const kept = {
    request: keptMessage(exchange.request?.headers ?? {}, exchange.request?.body),
    response: keptMessage(exchange.headers, exchange.body, exchange.payload),
  };
  return { kept, bytes: cost(kept.request) + cost(kept.response) };
}

/** As the admin API shows it: the body parsed back, or the cut text as a string. */
export function shownExchange(kept: KeptExchange): JournalExchange {
  return { request: shown(kept.request), response: shown(kept.response) };
}

/**
 * Masked before it is kept, so no secret is ever held, even in memory. Every answer is journaled, so the common
 * case costs no copy: headers with no secret and no empty value are kept as the very object (neither node's request
 * headers nor a reply's change after the answer), and a body with no secret-named field as the JSON text the reply
 * already wrote (`payload`), which is what masking would give.
 */
function keptMessage(headers: Record<string, string | string[] | undefined>, body: unknown, payload?: string): KeptMessage {
  const masked = maskedHeaders(headers);
  if (body === undefined) return { headers: masked };
  const text = holdsSecret(body) ? redactedJson(body) : (payload ?? JSON.stringify(body));
  const bodyBytes = Buffer.byteLength(text);
  if (bodyBytes <= BODY_CAP_BYTES) return { headers: masked, text, bodyBytes };
  // Cut after masking, so no secret is ever half kept; a character split by the cut is dropped.
  const cut = Buffer.from(text).subarray(0, BODY_CAP_BYTES).toString('utf8').replace(/\uFFFD$/, '');
  return { headers: masked, text: cut, bodyBytes, truncated: true };
}

function shown({ headers, text, bodyBytes, truncated }: KeptMessage): JournalMessage {
  if (text === undefined) return { headers };
  return truncated ? { headers, body: text, bodyBytes, truncated } : { headers, body: JSON.parse(text) as unknown, bodyBytes };
}

function cost(kept: KeptMessage): number {
  let total = kept.text?.length ?? 0;
  for (const name in kept.headers) total += name.length + String(kept.headers[name]).length;
  return total;
}

/** Something holding a kept exchange, which the budget may take back. */
export interface Holder {
  exchange?: KeptExchange | undefined;
  bytes: number;
}

/** Holders in the order they were given their exchange: over the budget, the oldest give theirs up. */
export function exchangeBudget(limitBytes = EXCHANGE_BUDGET_BYTES) {
  const holders = new Set<Holder>();
  let total = 0;
  const release = (holder: Holder) => {
    if (!holders.delete(holder)) return;
    total -= holder.bytes;
    holder.exchange = undefined;
  };
  return {
    hold(holder: Holder) {
      holders.add(holder);
      total += holder.bytes;
      if (total <= limitBytes) return;
      for (const oldest of holders) {
        if (total <= limitBytes) break;
        release(oldest);
      }
    },
    release,
    clear() {
      for (const holder of holders) holder.exchange = undefined;
      holders.clear();
      total = 0;
    },
  };
}
