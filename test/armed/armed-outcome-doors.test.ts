/**
 * One rule per armed-outcome value, whichever door the arm comes through: the admin route, the MCP tool and the SDK
 * (both call the route), a state import and a snapshot restore (src/armed/arm-rules.ts, called by the route and by
 * the import's schema). Each bad value is refused at each door, naming the same field, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminError } from '../../src/admin-http/admin-error.ts';
import type { ArmableOutcomeId } from '../../src/armed/armable-ids.ts';
import { startMock, type Mock } from '../../src/index.ts';
import { mcpToolCall } from '../support/mcp-tool-call.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const ARMED = '/__admin/clients/mock-client/armed';
const VALID = 'payer.WRONG_PIN';

interface Case {
  name: string;
  /** The route's body (the MCP tool's and the SDK's arguments). */
  arm: { outcome: string; times?: number; operation?: string; remaining?: number };
  /** What the route answers. */
  status: number;
  code: string;
  /** The field a refused import names (`store.collections.armedOutcomes.<id>.<field>`), or the collection for the cap. */
  field: string;
  /** The stored arm's fields changed from a valid one; `copies` such arms, all live. */
  stored: Record<string, unknown>;
  copies?: number;
  /** Arms made (valid) before the bad one at the route. */
  armedBefore?: number;
  /** Whether the route can be asked this through the MCP tool and the SDK (they have no `remaining`). */
  clients?: false;
}

const outcomeCase = (outcome: string, status = 400, code = 'invalid_request'): Case => ({ name: `outcome ${outcome}`, arm: { outcome }, status, code, field: 'outcome', stored: { outcome } });

const CASES: Case[] = [
  ...[...Object.getOwnPropertyNames(Object.prototype), '__proto__'].map((name) => outcomeCase(name)),
  outcomeCase('no.such.outcome'),
  outcomeCase('orders.create.400.invalid_request', 422, 'resultado_nao_armavel'),
  { name: 'times 0', arm: { outcome: VALID, times: 0 }, status: 400, code: 'invalid_request', field: 'times', stored: { times: 0, remaining: 0 } },
  { name: 'times 101', arm: { outcome: VALID, times: 101 }, status: 400, code: 'invalid_request', field: 'times', stored: { times: 101, remaining: 101 } },
  { name: 'times 1.5', arm: { outcome: VALID, times: 1.5 }, status: 400, code: 'invalid_request', field: 'times', stored: { times: 1.5, remaining: 1 } },
  { name: 'remaining over times', arm: { outcome: VALID, times: 1, remaining: 100 }, status: 400, code: 'invalid_request', field: 'remaining', stored: { times: 1, remaining: 100 }, clients: false },
  { name: 'an operation on an order outcome', arm: { outcome: VALID, operation: 'createOrder' }, status: 400, code: 'invalid_request', field: 'operation', stored: { operation: 'createOrder' } },
  { name: 'a network failure for an unknown operation', arm: { outcome: 'network.reply-lost', operation: 'placeOrderTwice' }, status: 400, code: 'invalid_request', field: 'operation', stored: { outcome: 'network.reply-lost', meets: 'request', operation: 'placeOrderTwice' } },
  { name: 'a 21st live arm', arm: { outcome: VALID }, status: 409, code: 'conflito', field: '', stored: {}, copies: 21, armedBefore: 20 },
];

/** A fresh app with one valid arm, its arms list and its export. */
async function armedApp() {
  const t = await createTestApp();
  await t.http.post(ARMED).send({ outcome: VALID }).expect(201);
  const arms = (await t.http.get(ARMED).expect(200)).body.data as Array<Record<string, unknown>>;
  const exported = (await t.http.get('/__admin/state').expect(200)).body;
  return { t, arms, exported };
}

/** The bad arms of a case: the valid one, changed, `copies` times under ids of their own. */
function badArms(valid: Record<string, unknown>, one: Case): Record<string, Record<string, unknown>> {
  const count = one.copies ?? 1;
  return Object.fromEntries(Array.from({ length: count }, (_, index) => [`arm_bad${index}`, { ...valid, ...one.stored, id: `arm_bad${index}` }]));
}

const armsOf = async (t: TestApp) => (await t.http.get(ARMED).expect(200)).body.data;

function expectImportRefusal(body: { error: string; details: Array<{ path: string }> }, one: Case) {
  expect(body.error, one.name).toBe('invalid_request');
  const where = one.field === '' ? 'store.collections.armedOutcomes' : new RegExp(`^store\\.collections\\.armedOutcomes\\.arm_bad0\\.${one.field}$`);
  expect(body.details.map((detail) => detail.path), one.name).toContainEqual(typeof where === 'string' ? where : expect.stringMatching(where));
}

describe.each(CASES)('an armed outcome with $name', (one) => {
  it('the route refuses it with its status and code; the MCP tool with the same code; nothing is armed', async () => {
    const t = await createTestApp();
    for (let index = 0; index < (one.armedBefore ?? 0); index += 1) await t.http.post(ARMED).send({ outcome: VALID }).expect(201);
    const before = await armsOf(t);
    const refused = await t.http.post(ARMED).send(one.arm).expect(one.status);
    expect(refused.body.error).toBe(one.code);
    if (one.field !== '') expect(refused.body.details.map((detail: { path: string }) => detail.path)).toContain(one.field);
    if (one.clients !== false) {
      const tool = await mcpToolCall(t, 'arm_outcome', one.arm);
      expect(tool.isError).toBe(true);
      // The tool's own schema checks `times` first (MCP's -32602); any other value reaches the route's rule.
      expect(tool.text).toMatch(one.field === 'times' ? /Input validation error/ : new RegExp(`^${one.code}: `));
    }
    expect(await armsOf(t)).toEqual(before);
  });

  it('PUT /__admin/state refuses a state holding it with 400 naming the field; nothing is replaced', async () => {
    const { t, arms, exported } = await armedApp();
    const state = structuredClone(exported);
    state.store.collections.armedOutcomes = { ...state.store.collections.armedOutcomes, ...badArms(arms[0]!, one) };
    expectImportRefusal((await t.http.put('/__admin/state').send(state).expect(400)).body, one);
    expect(await armsOf(t)).toEqual(arms);
    await t.http.put('/__admin/state').send(exported).expect(200);
  });

  it('a snapshot holding it is refused at restore with 400 naming the field; nothing is replaced', async () => {
    const { t, arms } = await armedApp();
    const bad = badArms(arms[0]!, one);
    for (const record of Object.values(bad)) t.store.put('armedOutcomes', record as never);
    await t.http.post('/__admin/snapshots').send({ name: 'bad' }).expect(201);
    for (const id of Object.keys(bad)) t.store.remove('armedOutcomes', id);
    expectImportRefusal((await t.http.post('/__admin/snapshots/bad/restore').expect(400)).body, one);
    expect(await armsOf(t)).toEqual(arms);
  });
});

describe('the SDK door (mock.admin.outcomes.arm)', () => {
  let mock: Mock;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(() => mock.stop());

  it.each(CASES.filter((one) => one.clients !== false))('$name: refused with the route\'s status and code, nothing armed', async (one) => {
    await mock.admin.outcomes.disarm();
    for (let index = 0; index < (one.armedBefore ?? 0); index += 1) await mock.admin.outcomes.arm(VALID);
    const before = await mock.admin.outcomes.armed();
    const { times, operation } = one.arm;
    const options = { ...(times !== undefined && { times }), ...(operation !== undefined && { operation }) };
    const refused = await mock.admin.outcomes.arm(one.arm.outcome as ArmableOutcomeId, options).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AdminError);
    expect(refused).toMatchObject({ status: one.status, code: one.code });
    expect(await mock.admin.outcomes.armed()).toEqual(before);
  });
});
