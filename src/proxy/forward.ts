/**
 * One request sent on to an upstream (the target, or the fallback mock): same method, path, headers (credentials
 * included) and bytes; only the hop-by-hop headers stay behind, `Host` names the upstream and `Via` names this
 * proxy (hop.ts). The connection always goes to the upstream's own host and port: the path is sent as a path,
 * never read as a URL that could name another host (`//other-host/x`).
 */
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { httpsModule } from '../platform/host-process.ts';

export interface Answer {
  status: number;
  /** As received, in order, as [name, value] pairs. */
  rawHeaders: string[];
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Outgoing {
  method: string;
  /** Path and query (origin form, see request-target.ts). */
  url: string;
  headers: IncomingHttpHeaders;
  /** The whole body, or its first bytes when `rest` carries the others. */
  body: Buffer;
}

export interface Upstream {
  url: URL;
  /** No byte from the upstream for this long (connecting, waiting for the answer, or during it) ends the call. */
  timeoutMs: number;
  /** This proxy's `Via` entry. */
  via: string;
}

export type Opened = { ok: true; answer: IncomingMessage } | { ok: false; reason: 'target_unreachable' | 'target_timeout' };

/** RFC 9110 §7.6.1: these describe one connection, not the message. */
export const HOP_BY_HOP: ReadonlySet<string> = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authenticate']);

/**
 * Resolves once the upstream's status and headers arrived, with its body still to be read; a refusal, a reset or
 * silence for `timeoutMs` is a value. After the answer began, the same silence destroys the answer's stream.
 */
export function openUpstream(upstream: Upstream, outgoing: Outgoing, rest?: Readable): Promise<Opened> {
  const headers: IncomingHttpHeaders = Object.fromEntries(Object.entries(outgoing.headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
  headers['host'] = upstream.url.host;
  headers['via'] = headers['via'] ? `${String(headers['via'])}, ${upstream.via}` : upstream.via;
  const { url } = upstream;
  // node:https (with tls) is loaded by the first https target, not by every start: about 15 ms of it.
  const send = url.protocol === 'https:' ? httpsModule().request : httpRequest;
  return new Promise((resolve) => {
    let sent: ReturnType<typeof httpRequest>;
    try {
      sent = send({
        protocol: url.protocol,
        // A URL writes an IPv6 host in brackets; a socket takes the bare address.
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port,
        path: `${url.pathname.replace(/\/+$/, '')}${outgoing.url}`,
        method: outgoing.method,
        headers,
      });
    } catch {
      // A path Node will not put on the wire (a character outside the request line's range): nothing was sent.
      resolve({ ok: false, reason: 'target_unreachable' });
      return;
    }
    let timedOut = false;
    sent.setTimeout(upstream.timeoutMs, () => {
      timedOut = true;
      sent.destroy();
    });
    sent.on('response', (answer) => resolve({ ok: true, answer }));
    // After a response, its stream reports the failure; before one, this is the answer.
    sent.on('error', () => resolve({ ok: false, reason: timedOut ? 'target_timeout' : 'target_unreachable' }));
    if (!rest) {
      sent.end(outgoing.body);
      return;
    }
    sent.write(outgoing.body);
    rest.pipe(sent);
    rest.on('error', () => sent.destroy());
  });
}
