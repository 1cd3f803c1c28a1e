/**
 * From a failing go-live gate to a passing one by arming alone: `order.final.CANCELLED` and `payer.WRONG_PIN` are
 * missing; each is armed and the integration runs its own flow (place an order, poll its status, read its payment);
 * both are met. No scenario, no clock move.
 */
import { describe, expect, it } from 'vitest';
import { GO_LIVE, judgeRequirements, type Requirement } from '../../src/coverage/coverage-requirements.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';
import { ORDER_BODY } from '../support/admin-helpers.ts';

const REQUIRED: Requirement[] = [...GO_LIVE, { pattern: 'payer.WRONG_PIN', must: 'met', reason: 'a payer who types a wrong PIN' }];

/** The integration's own flow: an order placed, polled until final, and its payment read. */
async function integrationFlow(t: TestApp): Promise<string> {
  const token = await tokenFor(t);
  const id = (await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_BODY).expect(201)).body.data.id as string;
  let status = 'PENDING';
  for (let poll = 0; poll < 5 && status === 'PENDING'; poll += 1) status = (await t.http.get(`/v1/orders/${id}/status`).set(bearer(token)).expect(200)).body.data.status;
  await t.http.get('/v1/payments').set(bearer(token)).expect(200);
  return status;
}

async function missing(t: TestApp, ids: string[]): Promise<string[]> {
  const report = (await t.http.get('/__admin/coverage').query({ clientId: 'mock-client' }).expect(200)).body.data;
  return judgeRequirements(report, REQUIRED).judged.filter((one) => !one.ok && ids.includes(one.outcome.id)).map((one) => one.outcome.id);
}

describe('the go-live gate, met by arming', () => {
  it('order.final.CANCELLED and payer.WRONG_PIN: missing, armed, met by the integration’s own flow', async () => {
    const t = await createTestApp();
    const gate = ['order.final.CANCELLED', 'payer.WRONG_PIN'];
    expect(await integrationFlow(t)).toBe('PAID');
    expect(await missing(t, gate)).toEqual(gate);
    const clockBefore = t.clock.now().toISOString();

    await t.http.post('/__admin/clients/mock-client/armed').send({ outcome: 'order.final.CANCELLED' }).expect(201);
    expect(await integrationFlow(t)).toBe('CANCELLED');
    await t.http.post('/__admin/clients/mock-client/armed').send({ outcome: 'payer.WRONG_PIN' }).expect(201);
    expect(await integrationFlow(t)).toBe('FAILED');

    expect(await missing(t, gate)).toEqual([]);
    expect(t.clock.now().toISOString()).toBe(clockBefore);
    expect((await t.http.get('/__admin/scenarios/active').expect(200)).body.data.global ?? null).toBeNull();
  });
});
