/**
 * A webhook receiver on 127.0.0.1 (a free port) that records every request it gets, raw body included, and
 * answers with the status the test sets. Also: polling until the webhooks service reaches a state, without fixed sleeps.
 */
import { afterEach } from 'vitest';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status of the next answers (200 by default). */
  status: number;
  /** Real milliseconds to wait before answering. */
  delayMs: number;
  /** The most requests that were in progress at once. */
  maxConcurrent: number;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  let inProgress = 0;
  const receiver: Receiver = {
    url: '',
    received: [],
    status: 200,
    delayMs: 0,
    maxConcurrent: 0,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = createServer((request, response) => {
    inProgress += 1;
    receiver.maxConcurrent = Math.max(receiver.maxConcurrent, inProgress);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      receiver.received.push({ headers: request.headers, rawBody, body: JSON.parse(rawBody) as Received['body'] });
      setTimeout(() => {
        inProgress -= 1;
        response.writeHead(receiver.status, { 'Content-Type': 'text/plain' }).end('ok');
      }, receiver.delayMs);
    });
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

/**
 * Receivers for the tests of one file, each closed after its test: call at the top of the file, then
 * `await receiver()` in a test.
 */
export function receiversClosedAfterEach(): () => Promise<Receiver> {
  const started: Receiver[] = [];
  afterEach(async () => {
    for (const receiver of started.splice(0)) await receiver.close();
  });
  return async () => {
    const receiver = await startReceiver();
    started.push(receiver);
    return receiver;
  };
}

/** Polls `condition` every 10 ms for up to `timeoutMs` (real time); fails naming what it waited for. */
export async function until(condition: () => boolean, what: string, timeoutMs = 2000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
