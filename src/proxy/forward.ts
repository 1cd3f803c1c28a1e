/**
 * One request sent on unchanged to an upstream (the target, or the fallback mock): same method, path, headers
 * (credentials included) and bytes; only the hop-by-hop headers stay behind and `Host` names the upstream. The
 * answer comes back as it was sent: status, headers, bytes.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface Answer {
  status: number;
  /** As received, in order, as [name, value] pairs. */
  rawHeaders: string[];
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Outgoing {
  method: string;
  /** Path and query as the client sent them. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** RFC 9110 §7.6.1: these describe one connection, not the message. */
export const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authenticate']);

/** Resolves with the upstream's answer; rejects when the upstream cannot be reached (refused, reset, unknown host). */
export function forward(upstream: URL, outgoing: Outgoing): Promise<Answer> {
  const url = new URL(`${upstream.pathname.replace(/\/+$/, '')}${outgoing.url}`, upstream.origin);
  const headers = Object.fromEntries(Object.entries(outgoing.headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
  headers['host'] = upstream.host;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const sent = send(url, { method: outgoing.method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 502, rawHeaders: response.rawHeaders, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    sent.on('error', reject);
    sent.end(outgoing.body);
  });
}

export function readBody(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', reject);
    stream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
