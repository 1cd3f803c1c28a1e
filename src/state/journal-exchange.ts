/**
 * What the journal keeps of an exchange beyond its summary: the request's and the response's headers and bodies,
 * every secret masked by the one redaction (http/redact.ts) before anything is kept, each body cut at a fixed size,
 * and all of them together held under a byte budget (the newest kept, the oldest let go first).
 */
import type { Exchange } from '../domain/caller.ts';
import type { components } from '../generated/admin-types.gen.ts';
import { redactedJson, redactHeaders } from '../http/redact.ts';

export type JournalMessage = components['schemas']['JournalMessage'];
export type JournalExchange = { request: JournalMessage; response: JournalMessage };

/**
 * What is kept of a message. Masking costs a copy of every header and body, so on the request path nothing is
 * masked: the headers are kept as they were (node's request headers and the reply's, neither changed after the
 * answer) and a response body as the JSON text already written. Every read masks them (`shownExchange`), so nothing
 * leaves the journal unmasked; the journal is held in memory only, never written to a file or an export. A body
 * over the cap, or a request body (an object a later stage could still change), is masked and cut when kept.
 */
interface KeptMessage {
  headers: Record<string, string | string[] | undefined>;
  text?: string;
  /** `text` is already masked (and cut); otherwise it is the raw JSON text of a body within the cap. */
  masked?: true;
  bodyBytes?: number;
  truncated?: true;
}
export type KeptExchange = { request: KeptMessage; response: KeptMessage };

/** A body is kept up to this much of its JSON text: a page of orders fits, a 1 MiB upload does not. */
export const BODY_CAP_BYTES = 16 * 1024;
/** The kept exchanges of the whole journal together: a few hundred large ones, or a thousand ordinary ones. */
export const EXCHANGE_BUDGET_BYTES = 4 * 1024 * 1024;

/** The exchange as kept, and what it costs the budget: its bodies' and headers' text. */
export function journalExchange(exchange: Exchange): { kept: KeptExchange; bytes: number } {
  const kept = {
    request: exchange.request?.body === undefined ? { headers: exchange.request?.headers ?? {} } : maskedMessage(exchange.request.headers, redactedJson(exchange.request.body)),
    response: responseMessage(exchange),
  };
  return { kept, bytes: cost(kept.request) + cost(kept.response) };
}

/** As the admin API shows it, every secret masked: the body parsed back, or the cut text as a string. */
export function shownExchange(kept: KeptExchange): JournalExchange {
  return { request: shown(kept.request), response: shown(kept.response) };
}

function responseMessage({ headers, body, payload }: Exchange): KeptMessage {
  if (body === undefined) return { headers };
  // The text the reply wrote is the body's JSON: kept as it is when it fits (masked when read), else masked and cut now.
  const text = payload ?? JSON.stringify(body);
  return text.length * 3 <= BODY_CAP_BYTES || Buffer.byteLength(text) <= BODY_CAP_BYTES ? { headers, text } : maskedMessage(headers, redactedJson(body));
}

/** A masked body's text, cut at the cap after masking, so no secret is ever half kept. */
function maskedMessage(headers: KeptMessage['headers'], text: string): KeptMessage {
  const bodyBytes = Buffer.byteLength(text);
  if (bodyBytes <= BODY_CAP_BYTES) return { headers, text, masked: true, bodyBytes };
  // A character split by the cut is dropped.
  const cut = Buffer.from(text).subarray(0, BODY_CAP_BYTES).toString('utf8').replace(/\uFFFD$/, '');
  return { headers, text: cut, masked: true, bodyBytes, truncated: true };
}

function shown(kept: KeptMessage): JournalMessage {
  const headers = Object.fromEntries(Object.entries(redactHeaders(kept.headers)).filter((entry): entry is [string, string | string[]] => entry[1] !== undefined));
  if (kept.text === undefined) return { headers };
  const { text, bodyBytes, truncated } = kept.masked ? kept : maskedMessage(headers, redactedJson(JSON.parse(kept.text)));
  return truncated ? { headers, body: text, bodyBytes, truncated } : { headers, body: JSON.parse(text as string) as unknown, bodyBytes };
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
