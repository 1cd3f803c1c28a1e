/**
 * For the receiver's leg (an armed outcome's or a network profile's): a webhook receiver on 127.0.0.1 (a free port)
 * that tells a whole request from one whose connection closed before its body ended, and an order paid over the API
 * so its webhooks go out.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { call, placeOrder, tokenFor } from './mock-helpers.ts';

export interface LegReceiver {
  url: string;
  /** The bodies of the requests read whole. */
  complete: string[];
  /** How many requests closed before their body ended. */
  aborted: number;
}

/** `closers`: where the receiver's close is pushed, for the test's afterEach. */
export async function legReceiver(closers: Array<() => Promise<void>>): Promise<LegReceiver> {
  const seen: LegReceiver = { url: '', complete: [], aborted: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('error', () => undefined);
    request.on('close', () => {
      if (!request.complete) seen.aborted += 1;
    });
    request.on('end', () => {
      seen.complete.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
  seen.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return seen;
}

/** An order paid over the API (the default scenario pays it at the 3rd status poll): its webhooks go out. */
export async function payAnOrder(mock: Mock): Promise<string> {
  const token = await tokenFor(mock);
  const orderId = await placeOrder(mock, token);
  for (let poll = 0; poll < 3; poll += 1) await call(mock, 'GET', `/v1/orders/${orderId}/status`, { token });
  return orderId;
}
