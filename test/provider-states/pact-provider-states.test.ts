/**
 * `POST /__admin/pact/provider-states`: Pact's state-change protocol served by the mock. A setup puts the mock in
 * the state and answers its values flat (what verifiers read for `fromProviderState`); a teardown resets; a state
 * the catalogue does not know is a 400 naming it and listing the known ones, and changes nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PROVIDER_STATES } from '../../src/provider-states/provider-states.ts';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';

const servers: Server[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function listening(): Promise<{ t: TestApp; change: (body: object) => Promise<{ status: number; body: Record<string, unknown> }> }> {
  const t = await createTestApp();
  const server = createServer(t.app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/__admin/pact/provider-states`;
  const change = async (body: object) => {
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { t, change };
}

describe('POST /__admin/pact/provider-states', () => {
  it('setup puts the mock in the state and answers its values flat; teardown resets the mock', async () => {
    const { t, change } = await listening();
    const setup = await change({ state: 'an order with status {status} exists', params: { status: 'CANCELLED' }, action: 'setup' });
    expect(setup.status).toBe(200);
    expect(setup.body).toEqual(expect.objectContaining({ orderId: expect.stringMatching(/^ord_/), customerId: expect.stringMatching(/^cus_/), accessToken: expect.any(String) }));
    const order = await t.http.get(`/v1/orders/${String(setup.body['orderId'])}`).set(bearer(String(setup.body['accessToken']))).expect(200);
    expect(order.body.data.status).toBe('CANCELLED');

    const teardown = await change({ state: 'an order with status {status} exists', params: { status: 'CANCELLED' }, action: 'teardown' });
    expect(teardown).toEqual({ status: 200, body: {} });
    expect(t.store.count('orders')).toBe(0);
    }, 60_000);

  it('a literal state name is matched by its template; params override what the name says', async () => {
    const { change } = await listening();
    const setup = await change({ state: 'a product with originProductId SKU-9 exists', action: 'setup' });
    expect(setup.body).toEqual(expect.objectContaining({ originProductId: 'SKU-9', productId: expect.stringMatching(/^prod_/) }));
  });

  it('an unknown state → 400 naming it and listing the known ones, nothing written', async () => {
    const { t, change } = await listening();
    await t.http.post('/__admin/clock/set').send({ at: '2027-01-01T00:00:00Z' }).expect(200);
    const refused = await change({ state: 'a product named Caju exists', action: 'setup' });
    expect(refused.status).toBe(400);
    expect(refused.body['error']).toBe('invalid_request');
    expect(refused.body['details']).toEqual([{ path: 'state', message: 'estado desconhecido: a product named Caju exists' }]);
    for (const known of PROVIDER_STATES) expect(refused.body['message']).toContain(known.name);
    expect(t.store.count('tokens')).toBe(0);
    expect((await t.http.get('/__admin/clock').expect(200)).body.data.now).toBe('2027-01-01T00:00:00.000Z');
  });

  it('a bad action → 400 naming action', async () => {
    const { change } = await listening();
    const refused = await change({ state: 'client {clientId} is active', action: 'reset' });
    expect(refused.status).toBe(400);
    expect(refused.body['details']).toEqual([{ path: 'action', message: 'deve ser um de: setup, teardown' }]);
  });
});
