/**
 * Nothing half-made: every admin POST and PUT (listed from spec/admin.yaml) sent values that fail late — a leap
 * second, a far date or an offset that crosses the clock's bound, ids at their length limit (the longest accepted,
 * unknown, and one longer), a metadata host spelt with a trailing dot — answers its exact refusal, and the mock's
 * state (its export, its clients, its clocks, its snapshots) is as it was.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAdminDocument } from '../../src/openapi/spec-document.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const LEAP_SECOND = '2030-06-30T23:59:60Z';
const PAST_THE_BOUND_BY_OFFSET = '8999-12-31T23:59:00-05:00';
const LONGEST_ID = 'x'.repeat(200);
const TOO_LONG_ID = 'x'.repeat(201);
const LONGEST_SNAPSHOT = `s${'n'.repeat(63)}`;
const TOO_LONG_SNAPSHOT = `s${'n'.repeat(64)}`;
/** A tenant frozen a day before the clock's bound, made before each case. */
const NEAR_THE_BOUND = 'near-the-bound';

interface Refusal {
  method: 'post' | 'put';
  path: string;
  body?: unknown;
  status: number;
  error: string;
  /** The field the refusal names, when it names one. */
  field?: string;
}

type Case = [label: string, refusal: Refusal];

/** The cases, by operationId: every admin POST and PUT has some, or says why it has none. */
const CASES: Record<string, Case[] | { none: string }> = {
  changeClock: [
    ['a leap second', { method: 'post', path: '/__admin/clock', body: { set: LEAP_SECOND }, status: 400, error: 'invalid_request', field: 'set' }],
    ['an offset past 9000', { method: 'post', path: '/__admin/clock', body: { set: PAST_THE_BOUND_BY_OFFSET }, status: 400, error: 'invalid_request', field: 'set' }],
  ],
  advanceClock: [['one second past its maximum', { method: 'post', path: '/__admin/clock/advance', body: { seconds: 3_155_760_001 }, status: 400, error: 'invalid_request', field: 'seconds' }]],
  setClock: [
    ['a leap second', { method: 'post', path: '/__admin/clock/set', body: { at: LEAP_SECOND }, status: 400, error: 'invalid_request', field: 'at' }],
    ['an offset past 9000', { method: 'post', path: '/__admin/clock/set', body: { at: PAST_THE_BOUND_BY_OFFSET }, status: 400, error: 'invalid_request', field: 'at' }],
  ],
  freezeClock: { none: 'no body, no parameter' },
  resumeClock: { none: 'no body, no parameter' },
  runGlobalClockUntilIdle: [['maxSeconds past its maximum', { method: 'post', path: '/__admin/clock/run-until-idle', body: { maxSeconds: 3_155_760_001 }, status: 400, error: 'invalid_request', field: 'maxSeconds' }]],
  advanceClientClock: [
    ['past 9000 from a tenant near it', { method: 'post', path: `/__admin/clients/${NEAR_THE_BOUND}/clock/advance`, body: { seconds: 2 * 86_400 }, status: 400, error: 'invalid_request', field: 'seconds' }],
    ['a client id of 200 characters, unknown', { method: 'post', path: `/__admin/clients/${LONGEST_ID}/clock/advance`, body: { seconds: 1 }, status: 404, error: 'not_found' }],
  ],
  setClientClock: [
    ['a leap second, on a client without a clock of its own', { method: 'post', path: '/__admin/clients/mock-client/clock/set', body: { at: LEAP_SECOND }, status: 400, error: 'invalid_request', field: 'at' }],
    ['an offset past 9000', { method: 'post', path: `/__admin/clients/${NEAR_THE_BOUND}/clock/set`, body: { at: PAST_THE_BOUND_BY_OFFSET }, status: 400, error: 'invalid_request', field: 'at' }],
  ],
  freezeClientClock: [['a client id of 201 characters', { method: 'post', path: `/__admin/clients/${TOO_LONG_ID}/clock/freeze`, status: 400, error: 'invalid_request', field: 'client_id' }]],
  resumeClientClock: [['a client id of 200 characters, unknown', { method: 'post', path: `/__admin/clients/${LONGEST_ID}/clock/resume`, status: 404, error: 'not_found' }]],
  runClientClockUntilIdle: [['a client id of 201 characters', { method: 'post', path: `/__admin/clients/${TOO_LONG_ID}/clock/run-until-idle`, body: { maxSeconds: 1 }, status: 400, error: 'invalid_request', field: 'client_id' }]],
  createTenant: [
    ['frozen at a leap second', { method: 'post', path: '/__admin/tenants', body: { clientId: 'leapy', clock: { frozenAt: LEAP_SECOND } }, status: 400, error: 'invalid_request', field: 'clock.frozenAt' }],
    ['frozen past 9000 by its offset', { method: 'post', path: '/__admin/tenants', body: { clientId: 'far', clock: { frozenAt: PAST_THE_BOUND_BY_OFFSET } }, status: 400, error: 'invalid_request', field: 'clock.frozenAt' }],
    ['an id of 200 characters frozen at a leap second', { method: 'post', path: '/__admin/tenants', body: { clientId: LONGEST_ID, clock: { frozenAt: LEAP_SECOND }, seedData: 'default' }, status: 400, error: 'invalid_request', field: 'clock.frozenAt' }],
    ['an id of 201 characters', { method: 'post', path: '/__admin/tenants', body: { clientId: TOO_LONG_ID }, status: 400, error: 'invalid_request', field: 'clientId' }],
    ['a webhook at a metadata host with a trailing dot', { method: 'post', path: '/__admin/tenants', body: { clientId: 'meta', webhook: { url: 'http://Metadata.Google.Internal./' } }, status: 400, error: 'invalid_request', field: 'url' }],
  ],
  activateScenario: [
    ['for a client of 200 characters, unknown', { method: 'put', path: '/__admin/scenarios/active', body: { name: 'slow-payment', clientId: LONGEST_ID }, status: 404, error: 'not_found' }],
    ['for a client of 201 characters', { method: 'put', path: '/__admin/scenarios/active', body: { name: 'slow-payment', clientId: TOO_LONG_ID }, status: 400, error: 'invalid_request', field: 'clientId' }],
  ],
  reset: [
    ['a client of 200 characters, unknown', { method: 'post', path: '/__admin/reset', body: { clientId: LONGEST_ID }, status: 404, error: 'not_found' }],
    ['a client of 201 characters', { method: 'post', path: '/__admin/reset', body: { clientId: TOO_LONG_ID }, status: 400, error: 'invalid_request', field: 'clientId' }],
  ],
  importState: [['a client clock at a leap second', { method: 'put', path: '/__admin/state', status: 400, error: 'invalid_request', field: `clientClocks.${NEAR_THE_BOUND}.now` }]],
  saveSnapshot: [['a name of 65 characters', { method: 'post', path: '/__admin/snapshots', body: { name: TOO_LONG_SNAPSHOT }, status: 400, error: 'invalid_request', field: 'name' }]],
  restoreSnapshot: [['a name of 64 characters, unknown', { method: 'post', path: `/__admin/snapshots/${LONGEST_SNAPSHOT}/restore`, status: 404, error: 'not_found' }]],
  createClient: [
    ['an id of 201 characters', { method: 'post', path: '/__admin/clients', body: { clientId: TOO_LONG_ID, clientSecret: 's' }, status: 400, error: 'invalid_request', field: 'clientId' }],
    ['an id taken', { method: 'post', path: '/__admin/clients', body: { clientId: NEAR_THE_BOUND, clientSecret: 's' }, status: 409, error: 'conflito' }],
  ],
  deactivateClient: [['a client of 200 characters, unknown', { method: 'post', path: `/__admin/clients/${LONGEST_ID}/deactivate`, status: 404, error: 'not_found' }]],
  reactivateClient: [['a client of 201 characters', { method: 'post', path: `/__admin/clients/${TOO_LONG_ID}/reactivate`, status: 400, error: 'invalid_request', field: 'client_id' }]],
  revokeClientTokens: [['a client of 200 characters, unknown', { method: 'post', path: `/__admin/clients/${LONGEST_ID}/tokens/revoke`, status: 404, error: 'not_found' }]],
  expireClientTokens: [['a client of 201 characters', { method: 'post', path: `/__admin/clients/${TOO_LONG_ID}/tokens/expire`, status: 400, error: 'invalid_request', field: 'client_id' }]],
  setClientWebhook: [
    ['a metadata host with a trailing dot', { method: 'put', path: '/__admin/clients/mock-client/webhook', body: { url: 'http://instance-data./hook', secret: 'a-secret-1' }, status: 400, error: 'invalid_request', field: 'url' }],
    ['a client of 200 characters, unknown', { method: 'put', path: `/__admin/clients/${LONGEST_ID}/webhook`, body: { url: 'http://127.0.0.1:9/hook', secret: 'a-secret-1' }, status: 404, error: 'not_found' }],
  ],
  transitionOrder: [['an unknown order', { method: 'post', path: '/__admin/orders/ord_unknown/transition', body: { status: 'PAID' }, status: 404, error: 'not_found' }]],
  resendWebhookDelivery: [['an unknown delivery', { method: 'post', path: '/__admin/webhooks/deliveries/whd_unknown/resend', status: 404, error: 'not_found' }]],
  changePactProviderState: [['an unknown state', { method: 'post', path: '/__admin/pact/provider-states', body: { state: 'the moon is made of cheese' }, status: 400, error: 'invalid_request', field: 'state' }]],
  producePactMessage: [['an unknown message', { method: 'post', path: '/__admin/pact/messages', body: { description: 'x', providerStates: [{ name: 'nothing is triggered' }] }, status: 400, error: 'invalid_request', field: 'providerStates' }]],
  startDrill: [
    ['a metadata host with a trailing dot', { method: 'post', path: '/__admin/drills', body: { url: 'http://metadata.google.internal./hook', secret: 'a-secret-1' }, status: 400, error: 'invalid_request', field: 'url' }],
    ['a client of 200 characters, unknown', { method: 'post', path: '/__admin/drills', body: { url: 'http://127.0.0.1:9/hook', secret: 'a-secret-1', clientId: LONGEST_ID }, status: 404, error: 'not_found' }],
    ['a client of 201 characters', { method: 'post', path: '/__admin/drills', body: { url: 'http://127.0.0.1:9/hook', secret: 'a-secret-1', clientId: TOO_LONG_ID }, status: 400, error: 'invalid_request', field: 'clientId' }],
  ],
  putWallet: [
    ['a new wallet without its PIN', { method: 'put', path: '/__admin/clients/mock-client/wallets/841110000', body: { balance: 10 }, status: 400, error: 'invalid_request', field: 'pin' }],
    ['for a client of 200 characters, unknown', { method: 'put', path: `/__admin/clients/${LONGEST_ID}/wallets/841110000`, body: { balance: 10, pin: '1234' }, status: 404, error: 'not_found' }],
  ],
  armOutcome: [
    ['an outcome only the integration causes', { method: 'post', path: '/__admin/clients/mock-client/armed', body: { outcome: 'orders.create.400.invalid_request' }, status: 422, error: 'resultado_nao_armavel' }],
    ['an operation the API does not have', { method: 'post', path: '/__admin/clients/mock-client/armed', body: { outcome: 'server.500', operation: 'createInvoice' }, status: 400, error: 'invalid_request', field: 'operation' }],
    ['for a client of 200 characters, unknown', { method: 'post', path: `/__admin/clients/${LONGEST_ID}/armed`, body: { outcome: 'server.500' }, status: 404, error: 'not_found' }],
  ],
  applyNetworkProfile: [
    ['rates that sum past 1 (the rule the document cannot state)', { method: 'put', path: '/__admin/clients/mock-client/network-profile', body: { profile: { stages: [{ name: 'a', api: { loss: 0.7, replyLost: 0.7 } }] } }, status: 400, error: 'invalid_request', field: 'profile.stages.0.api' }],
    ['an unknown profile', { method: 'put', path: '/__admin/clients/mock-client/network-profile', body: { profile: 'constructor' }, status: 400, error: 'invalid_request', field: 'profile' }],
    ['for a client of 200 characters, unknown', { method: 'put', path: `/__admin/clients/${LONGEST_ID}/network-profile`, body: { profile: 'slow-3g' }, status: 404, error: 'not_found' }],
  ],
  mcp: { none: 'its tools call the admin routes, each of which has its own cases here; a refused message runs nothing (test/mcp/mcp-hostile.test.ts)' },
  answerWalletPrompt: [['a wallet that does not exist', { method: 'post', path: '/__admin/clients/mock-client/wallets/841110000/prompt', body: { action: 'cancel' }, status: 404, error: 'not_found' }]],
};

/**
 * What a refusal must leave as it was: the whole state, the clients, the clocks and the snapshots (less the export's
 * time and a frozen clock's distance from real time, which real time moves).
 */
async function observable(t: TestApp): Promise<unknown> {
  const read = async (path: string) => (await t.http.get(path).expect(200)).body as { data?: unknown };
  const { exportedAt: _exportedAt, ...state } = (await read('/__admin/state')) as Record<string, unknown>;
  const seen = { state, clients: (await read('/__admin/clients')).data, clock: (await read('/__admin/clock')).data, snapshots: (await read('/__admin/snapshots')).data };
  return JSON.parse(JSON.stringify(seen, (key, value: unknown) => (key === 'offsetMs' ? undefined : value)));
}

/** The export of a mock whose near-the-bound tenant's clock reads a leap second: what importState is sent. */
async function stateAtALeapSecond(t: TestApp): Promise<unknown> {
  const state = (await t.http.get('/__admin/state').expect(200)).body as { clientClocks: Record<string, { now: string }> };
  return { ...state, clientClocks: { ...state.clientClocks, [NEAR_THE_BOUND]: { ...state.clientClocks[NEAR_THE_BOUND], now: LEAP_SECOND } } };
}

function adminWrites(): string[] {
  const paths = (loadAdminDocument() as { paths: Record<string, Record<string, { operationId?: string }>> }).paths;
  return Object.values(paths).flatMap((item) => ['post', 'put'].flatMap((method) => item[method]?.operationId ?? []));
}

describe('nothing half-made: a refused admin write leaves the mock as it was', () => {
  it('every admin POST and PUT of the document has its late-failing cases here (or says why it has none)', () => {
    expect(Object.keys(CASES).sort()).toEqual(adminWrites().sort());
  });

  const cases = Object.entries(CASES).flatMap(([operationId, entry]) => ('none' in entry ? [] : entry.map(([label, refusal]) => [`${operationId}: ${label}`, refusal] as const)));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.http.post('/__admin/tenants').send({ clientId: NEAR_THE_BOUND, clock: { frozenAt: '8999-12-31T00:00:00Z' } }).expect(201);
  });

  it.each(cases)('%s: the exact refusal, nothing changed', async (_label, refusal) => {
    const before = await observable(t);
    const body = refusal.path === '/__admin/state' ? await stateAtALeapSecond(t) : refusal.body;
    const request = t.http[refusal.method](refusal.path);
    const response = body === undefined ? await request : await request.send(body as object);
    expect({ status: response.status, error: response.body.error }).toEqual({ status: refusal.status, error: refusal.error });
    if (refusal.field !== undefined) expect(response.body.details?.[0]?.path).toBe(refusal.field);
    expect(await observable(t)).toEqual(before);
  });
});
