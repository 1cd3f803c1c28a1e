/**
 * What the journal keeps of an exchange beyond its summary: the request's and the response's headers and bodies,
 * every secret masked by the one redaction (http/redact.ts) before anything is kept, each body cut at a fixed size,
 * and all of them together held under a byte budget (the newest kept, the oldest let go first).
 */
import type { Exchange } from '../domain/caller.ts';
import type { components } from '../generated/admin-types.gen.ts';
import { headersOfList, holdsSecret, maskedHeaders, redactedJson, type HeaderList } from '../http/redact.ts';

export type JournalMessage = components['schemas']['JournalMessage'];
export type JournalExchange = { request: JournalMessage; response: JournalMessage };

/** A side's headers as kept: the very object when nothing in it needed masking, else a list of names and values. */
export type KeptHeaders = Readonly<Record<string, string | string[]>> | HeaderList;

/**
 * What is kept of an exchange, in one flat object (the journal holds one per answer, and every object it holds is one
 * more the collector carries): each side's masked headers (a list of names and values where masking made a copy),
 * and its masked body as JSON text (a snapshot, cheap to hold), with the text's size and whether it was cut.
 */
export interface KeptExchange {
  requestHeaders: KeptHeaders;
  requestText: string | undefined;
  requestBytes: number;
  requestTruncated: boolean;
  responseHeaders: KeptHeaders;
  responseText: string | undefined;
  responseBytes: number;
  responseTruncated: boolean;
}

/** A body is kept up to this much of its JSON text: a page of orders fits, a 1 MiB upload does not. */
export const BODY_CAP_BYTES = 16 * 1024;
/** The kept exchanges of the whole journal together: a few hundred large ones, or a thousand ordinary ones. */
export const EXCHANGE_BUDGET_BYTES = 4 * 1024 * 1024;

/** The exchange masked and cut, and what it costs the budget: its bodies' and headers' text. */
export function journalExchange(exchange: Exchange): { kept: KeptExchange; bytes: number } {
  const requestHeaders = maskedHeaders(exchange.request?.headers ?? {});
  const responseHeaders = maskedHeaders(exchange.headers);
  const request = keptBody(exchange.request?.body);
  const response = keptBody(exchange.body, exchange.payload);
  const kept: KeptExchange = {
    requestHeaders,
    requestText: request?.text,
    requestBytes: request?.bytes ?? 0,
    requestTruncated: request?.truncated ?? false,
    responseHeaders,
    responseText: response?.text,
    responseBytes: response?.bytes ?? 0,
    responseTruncated: response?.truncated ?? false,
  };
  const bytes = headersCost(requestHeaders) + headersCost(responseHeaders) + (kept.requestText?.length ?? 0) + (kept.responseText?.length ?? 0);
  return { kept, bytes };
}

/** As the admin API shows it: the headers as an object, the body parsed back, or the cut text as a string. */
export function shownExchange(kept: KeptExchange): JournalExchange {
  return {
    request: shown(kept.requestHeaders, kept.requestText, kept.requestBytes, kept.requestTruncated),
    response: shown(kept.responseHeaders, kept.responseText, kept.responseBytes, kept.responseTruncated),
  };
}

/**
 * Masked before it is kept, so no secret is ever held, even in memory. Every answer is journaled, so the common
 * case costs no copy: a body with no secret-named field is kept as the JSON text the reply already wrote
 * (`payload`), which is what masking would give.
 */
function keptBody(body: unknown, payload?: string): { text: string; bytes: number; truncated: boolean } | undefined {
  if (body === undefined) return undefined;
  const text = holdsSecret(body) ? redactedJson(body) : (payload ?? JSON.stringify(body));
  const bytes = Buffer.byteLength(text);
  if (bytes <= BODY_CAP_BYTES) return { text, bytes, truncated: false };
  // Cut after masking, so no secret is ever half kept; a character split by the cut is dropped.
  const cut = Buffer.from(text).subarray(0, BODY_CAP_BYTES).toString('utf8').replace(/\uFFFD$/, '');
  return { text: cut, bytes, truncated: true };
}

function shown(headers: KeptHeaders, text: string | undefined, bodyBytes: number, truncated: boolean): JournalMessage {
  const shownHeaders = headersObject(headers);
  if (text === undefined) return { headers: shownHeaders };
  return truncated ? { headers: shownHeaders, body: text, bodyBytes, truncated } : { headers: shownHeaders, body: JSON.parse(text) as unknown, bodyBytes };
}

function headersObject(headers: KeptHeaders): Record<string, string | string[]> {
  return isList(headers) ? headersOfList(headers) : { ...headers };
}

/** What a side's headers cost the budget: their names' and values' text. */
function headersCost(headers: KeptHeaders): number {
  let total = 0;
  if (isList(headers)) for (const part of headers) total += String(part).length;
  else for (const name in headers) total += name.length + String(headers[name]).length;
  return total;
}

const isList = (headers: KeptHeaders): headers is HeaderList => Array.isArray(headers);
