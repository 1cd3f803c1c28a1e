/**
 * The journal's exchanges as a HAR 1.2 document (browser devtools and HTTP tools load it): each request with its
 * answer and how long it took, as the journal kept them, so secrets are masked and bodies bounded as there. The
 * document's comment says what it holds and what the journal let go.
 */
import type { RequestJournalDetail } from '../state/request-journal.ts';
import { keptHeader } from './kept-header.ts';

interface HarHeader {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    headers: HarHeader[];
    queryString: HarHeader[];
    cookies: [];
    headersSize: -1;
    bodySize: number;
    postData?: { mimeType: string; text: string };
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    headers: HarHeader[];
    cookies: [];
    content: { size: number; mimeType: string; text?: string; comment?: string };
    redirectURL: '';
    headersSize: -1;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment?: string;
}

export interface HarDocument {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    comment: string;
    entries: HarEntry[];
  };
}

/** `exchanges` oldest first; `baseUrl` makes their paths URLs (HAR wants absolute URLs). */
export function harOf(exchanges: readonly RequestJournalDetail[], baseUrl: string, version: string): HarDocument {
  const withoutBodies = exchanges.filter((exchange) => !exchange.request).length;
  const comment = [
    `${exchanges.length} exchange(s) of the commerce-mock request journal, oldest first.`,
    'Secrets are masked (***) as the journal keeps them; each body is cut at 16 KiB (a cut body says so in its comment).',
    withoutBodies > 0 ? `${withoutBodies} older exchange(s) have no headers or bodies: the journal's byte budget let them go.` : '',
    'The journal keeps the latest 1000 requests of clients: older ones are not here.',
  ]
    .filter(Boolean)
    .join(' ');
  return { log: { version: '1.2', creator: { name: 'commerce-mock', version }, comment, entries: exchanges.map((exchange) => entryOf(exchange, baseUrl)) } };
}

function entryOf(exchange: RequestJournalDetail, baseUrl: string): HarEntry {
  const url = `${baseUrl}${exchange.path}${exchange.query ? `?${exchange.query}` : ''}`;
  const request = exchange.request;
  const response = exchange.response;
  const requestText = bodyText(request?.body);
  const responseText = bodyText(response?.body);
  const requestType = keptHeader(request?.headers, 'content-type') ?? 'application/json';
  const responseType = keptHeader(response?.headers, 'content-type') ?? 'application/json';
  const notes = [exchange.network ? `network: ${exchange.network}${exchange.heldMs !== undefined ? ` (${exchange.heldMs} ms)` : ''}` : '', exchange.armed?.length ? `armed: ${exchange.armed.join(', ')}` : '']
    .filter(Boolean)
    .join('; ');
  return {
    startedDateTime: exchange.receivedAt,
    time: exchange.durationMs,
    request: {
      method: exchange.method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: headerList(request?.headers),
      queryString: [...new URLSearchParams(exchange.query ?? '')].map(([name, value]) => ({ name, value })),
      cookies: [],
      headersSize: -1,
      bodySize: request?.bodyBytes ?? (requestText === undefined ? 0 : Buffer.byteLength(requestText)),
      ...(requestText !== undefined && { postData: { mimeType: requestType, text: requestText } }),
    },
    response: {
      status: exchange.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: headerList(response?.headers),
      cookies: [],
      content: {
        size: response?.bodyBytes ?? 0,
        mimeType: responseType,
        ...(responseText !== undefined && { text: responseText }),
        ...(response?.truncated && { comment: 'cut at 16 KiB by the journal' }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: response?.bodyBytes ?? -1,
    },
    cache: {},
    timings: { send: 0, wait: exchange.durationMs, receive: 0 },
    ...(notes && { comment: notes }),
  };
}

function bodyText(body: unknown): string | undefined {
  if (body === undefined) return undefined;
  return typeof body === 'string' ? body : JSON.stringify(body);
}

function headerList(headers: Record<string, string | string[]> | undefined): HarHeader[] {
  return Object.entries(headers ?? {}).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((one) => ({ name, value: one })));
}
