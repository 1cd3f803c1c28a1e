/**
 * A refusal sent before the body is read reaches every client, whatever it does meanwhile: Node's `fetch` posting
 * 10 MB reads the 413 and its error body; a client that writes its whole body before reading reads it too (the
 * server drains the rest instead of resetting the connection under it); one that never stops sending gets the 413
 * and is cut after the drain's bound, never held forever. The same for a header too large (431).
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { DRAIN_LIMIT_MS } from '../../src/http/linger.ts';
import { startCheckedMock, tokenFor } from '../support/mock-helpers.ts';

const TEN_MB = 10 * 1024 * 1024;

interface RawOutcome {
  received: string;
  /** How the connection ended: 'end' (the server closed cleanly) or an error code. */
  ended: string;
  ms: number;
}

/** Writes `head`, then `bodyBytes` of spaces (all before reading anything when `readAfterSending`), and waits for the close. */
function rawExchange(port: number, head: string, bodyBytes: number, readAfterSending: boolean): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const finish = (ended: string) => resolve({ received, ended, ms: Date.now() - started });
    const read = () => socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    if (!readAfterSending) read();
    socket.once('end', () => finish('end'));
    socket.once('error', (error: NodeJS.ErrnoException) => finish(error.code ?? 'error'));
    socket.write(head);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < bodyBytes) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
      if (readAfterSending) read();
    };
    pump();
  });
}

describe('early refusals are readable', () => {
  let mock: Mock;
  let port: number;
  let token: string;
  beforeAll(async () => {
    mock = await startCheckedMock();
    port = Number(new URL(mock.url).port);
    token = await tokenFor(mock);
  });
  afterAll(() => mock.stop());

  const head = (length: number, extra = '') =>
    `POST /v1/products/create HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;

  it("Node's fetch posting 10 MB reads the 413 and its error body, and nothing is stored", async () => {
    const products = async () => ((await (await fetch(`${mock.url}/v1/products`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { pagination: { total: number } }).pagination.total;
    const before = await products();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await fetch(`${mock.url}/v1/products/create`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: new Uint8Array(TEN_MB).fill(0x20),
      });
      expect(answer.status).toBe(413);
      expect(await answer.json()).toMatchObject({ error: 'invalid_request', message: 'Corpo do pedido excede o limite de 1 MiB' });
    }
    expect(await products()).toBe(before);
  });

  it('a client that sends its whole 10 MB before reading gets the 413, then a clean close', async () => {
    const outcome = await rawExchange(port, head(TEN_MB), TEN_MB, true);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(outcome.received).toContain('"error":"invalid_request"');
    expect(outcome.ended).toBe('end');
  }, 20_000);

  it('a client that never stops sending gets the 413 and is cut within the drain bound', async () => {
    const outcome = await rawExchange(port, head(1024 * 1024 * 1024), 1024 * 1024 * 1024, false);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(outcome.ms).toBeLessThan(DRAIN_LIMIT_MS + 3_000);
  }, 20_000);

  it('a header too large (431) is read by a client that sends a body after it', async () => {
    const outcome = await rawExchange(port, head(TEN_MB, `X-Pad: ${'p'.repeat(64 * 1024)}\r\n`), TEN_MB, true);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 431 /);
    expect(outcome.ms).toBeLessThan(DRAIN_LIMIT_MS + 3_000);
  }, 20_000);
});
