/**
 * Everything the mock holds survives kill -9: clients added and deactivated, webhook endpoints, scenario
 * activations, the clock, and pending webhook deliveries (which resume at their next attempt, same ids).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli, type Started } from '../support/cli.ts';

const SECRET = 'whsec_durable_0123';
let dir = '';
let running: Started | undefined;
let receiver: Server | undefined;
let hookPort = 0;
/** Until set, the receiver answers 503 to every delivery: each fails its first attempt and waits for a retry. */
let receiving = false;
const received: Array<{ eventId: string; deliveryId: string }> = [];
let before: { clock: unknown; deliveries: Array<{ id: string; eventId: string; attempts: unknown[]; nextAttemptAt: string | null; status: string }> };

async function call(path: string, method = 'GET', body?: unknown, token?: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${running!.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

const tokenOf = async (clientId: string, secret: string) => call('/v1/auth/token', 'POST', { client_id: clientId, client_secret: secret });

/**
 * The receiver, on a port the OS gives it, held for the whole file: refusing (503) until `receiving`, then recording
 * and answering 200. Its port is never released and bound again, where another server could take it in between.
 */
function listen(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer((request, response) => {
      if (receiving) received.push({ eventId: String(request.headers['x-mock-event-id']), deliveryId: String(request.headers['x-mock-delivery-id']) });
      request.resume();
      request.on('end', () => response.writeHead(receiving ? 200 : 503).end(receiving ? 'ok' : 'down'));
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'commerce-mock-durable-'));
  const data = join(dir, 'db.json');
  receiver = await listen();
  hookPort = (receiver.address() as AddressInfo).port;

  running = await startCli(['--data', data, '--seed-data', 'none']);
  expect((await call('/__admin/clients', 'POST', { clientId: 'shop-new', clientSecret: 'shop-new-secret' })).status).toBe(201);
  expect((await call('/__admin/clients', 'POST', { clientId: 'shop-off', clientSecret: 'shop-off-secret' })).status).toBe(201);
  expect((await call('/__admin/clients/shop-off/deactivate', 'POST')).status).toBe(200);
  expect((await call('/__admin/clients/shop-new/webhook', 'PUT', { url: `http://127.0.0.1:${hookPort}/hooks`, secret: SECRET })).status).toBe(200);
  expect((await call('/__admin/scenarios/active', 'PUT', { name: 'order-failed', clientId: 'shop-new' })).status).toBe(200);
  expect((await call('/__admin/clock/advance', 'POST', { seconds: 30 * 86_400 })).status).toBe(200);
  expect((await call('/__admin/clock/freeze', 'POST')).status).toBe(200);
  const token = (await tokenOf('shop-new', 'shop-new-secret')).body.data.access_token as string;
  const order = { customer: { merchantCustomerId: 'C-1', name: 'Ana' }, items: [{ originProductId: 'P-1', name: 'Caju', price: 250, quantity: 1 }] };
  const placed = await call('/v1/orders', 'POST', order, token);
  expect(placed.status).toBe(201);
  // The scenario fails the order on its first status poll: two status changes to deliver.
  expect((await call(`/v1/orders/${placed.body.data.id}/status`, 'GET', undefined, token)).body.data.status).toBe('FAILED');
  // The receiver refuses: each delivery fails its first attempt and waits for a retry.
  let deliveries: typeof before.deliveries = [];
  for (let round = 0; round < 200 && !(deliveries.length > 0 && deliveries.every((d) => d.attempts.length === 1)); round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    deliveries = (await call('/__admin/webhooks/deliveries')).body.data;
  }
  before = { clock: (await call('/__admin/clock')).body.data, deliveries };
  running.child.kill('SIGKILL');
  await running.exited;
  running = await startCli(['--data', data, '--seed-data', 'none']);
}, 90_000);

afterAll(async () => {
  running?.child.kill('SIGKILL');
  receiver?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('after kill -9 and a restart', () => {
  it('a client added over the admin API still gets tokens; a deactivated one is still CLIENT_INATIVO', async () => {
    expect((await tokenOf('shop-new', 'shop-new-secret')).status).toBe(200);
    const refused = await tokenOf('shop-off', 'shop-off-secret');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('CLIENT_INATIVO');
    const clients = (await call('/__admin/clients')).body.data as Array<{ clientId: string; active: boolean }>;
    expect(clients.map((client) => [client.clientId, client.active])).toEqual(
      expect.arrayContaining([['shop-new', true], ['shop-off', false], ['mock-client', true]]),
    );
  });

  it('the webhook endpoint set over the admin API is still there', async () => {
    const clients = (await call('/__admin/clients')).body.data as Array<{ clientId: string; webhook?: { url: string } }>;
    expect(clients.find((client) => client.clientId === 'shop-new')?.webhook?.url).toBe(`http://127.0.0.1:${hookPort}/hooks`);
  });

  it('the scenario activation is still there', async () => {
    expect((await call('/__admin/scenarios/active')).body.data.clients).toEqual({ 'shop-new': 'order-failed' });
  });

  it('the clock reads the same frozen instant', async () => {
    const { now, frozen } = (await call('/__admin/clock')).body.data;
    expect({ now, frozen }).toEqual({ now: (before.clock as { now: string }).now, frozen: true });
    expect(Date.parse(now)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('pending deliveries are there with their attempts, and resume at their next attempt under the same ids', async () => {
    const after = (await call('/__admin/webhooks/deliveries')).body.data as typeof before.deliveries;
    expect(after).toEqual(before.deliveries);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((delivery) => delivery.status === 'pending' && delivery.attempts.length === 1)).toBe(true);
    receiving = true;
    expect((await call('/__admin/clock/advance', 'POST', { seconds: 10 })).status).toBe(200);
    for (let round = 0; round < 200 && received.length < after.length; round += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received.map((request) => request.deliveryId).sort()).toEqual(after.map((delivery) => delivery.id).sort());
    expect(received.map((request) => request.eventId).sort()).toEqual(after.map((delivery) => delivery.eventId).sort());
  });
});
