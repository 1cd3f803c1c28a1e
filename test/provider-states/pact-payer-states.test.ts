/**
 * The payer outcome catalogue's provider states, served by `POST /__admin/pact/provider-states`: each places an
 * order whose customer has the row's number and brings it to what a merchant observes (docs/payer-outcomes.md).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needsMock, resolveState } from '../../src/provider-states/provider-states.ts';
import { PAYER_OUTCOMES } from '../../src/domain/payer-outcomes.ts';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';

let server: Server;
let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  server = createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/__admin/pact/provider-states`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

async function change(body: object): Promise<{ status: number; body: Record<string, string> }> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe('payer outcome provider states', () => {
  it('every catalogue row has a state, known to the catalogue and mock-only', () => {
    for (const outcome of PAYER_OUTCOMES) {
      const resolved = resolveState(outcome.providerState);
      expect(resolved?.state.name, outcome.name).toBe(outcome.providerState);
      expect(resolved && needsMock(resolved.state, resolved.params)).toBe(true);
    }
  });

  it.each([
    ['an order whose payer has insufficient balance', 'FAILED', 'INSUFFICIENT_BALANCE'],
    ['an order whose payer declines the prompt', 'CANCELLED', 'PAYER_CANCELLED'],
    ['an order whose payer never answers the prompt', 'FAILED', 'PAYER_TIMEOUT'],
    ['an order whose payment is stuck at the provider', 'PENDING', undefined],
  ])('%s → the order is %s with reason %s', async (state, status, code) => {
    const setup = await change({ state, action: 'setup' });
    expect(setup.status).toBe(200);
    const answer = await t.http.get(`/v1/orders/${setup.body['orderId']}/status`).set(bearer(setup.body['accessToken']!)).expect(200);
    expect(answer.body.data.status).toBe(status);
    expect(answer.body.data.payment.failureReason?.code).toBe(code);
    expect(setup.body['phone']).toMatch(/^\+258 84 000 000\d$/);
    expect(await change({ state, action: 'teardown' })).toEqual({ status: 200, body: {} });
  }, 60_000);
});
