/**
 * What the journal keeps of an exchange beyond its summary: the request's and the response's headers and bodies,
 * every secret masked by the one redaction (http/redact.ts) before anything is kept, each body cut at a fixed size,
 * and all of them together held under a byte budget (the newest kept, the oldest let go first).
 */
import type { Exchange } from '../domain/caller.ts';
import type { components } from '../generated/admin-types.gen.ts';
import { redactHeaders, redactSecrets } from '../http/redact.ts';

export type JournalMessage = components['schemas']['JournalMessage'];
export type JournalExchange = { request: JournalMessage; response: JournalMessage };

/** A body is kept up to this much of its JSON text: a page of orders fits, a 1 MiB upload does not. */
export const BODY_CAP_BYTES = 16 * 1024;
/** The kept exchanges of the whole journal together: a few hundred large ones, or a thousand ordinary ones. */
export const EXCHANGE_BUDGET_BYTES = 4 * 1024 * 1024;

/** The exchange masked and cut, and what it costs the budget (its JSON text). */
export function journalExchange(exchange: Exchange): { kept: JournalExchange; bytes: number } {
  const kept = {
    request: message(exchange.request?.headers ?? {}, exchange.request?.body),
    response: message(exchange.headers, exchange.body),
  };
  return { kept, bytes: Buffer.byteLength(JSON.stringify(kept)) };
}

function message(headers: Record<string, string | string[] | undefined>, body: unknown): JournalMessage {
  const shown = Object.fromEntries(Object.entries(redactHeaders(headers)).filter((entry): entry is [string, string | string[]] => entry[1] !== undefined));
  if (body === undefined) return { headers: shown };
  const masked = redactSecrets(body);
  const text = JSON.stringify(masked);
  const bodyBytes = Buffer.byteLength(text);
  if (bodyBytes <= BODY_CAP_BYTES) return { headers: shown, body: masked, bodyBytes };
  // Cut after masking, so no secret is ever half kept; a character split by the cut is dropped.
  const cut = Buffer.from(text).subarray(0, BODY_CAP_BYTES).toString('utf8').replace(/\uFFFD$/, '');
  return { headers: shown, body: cut, bodyBytes, truncated: true };
}

/** Something holding a kept exchange, which the budget may take back. */
export interface Holder {
  exchange?: JournalExchange | undefined;
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
