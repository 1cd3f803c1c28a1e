/**
 * `/__admin/clients/{client_id}/network-profile` and `/__admin/network-profiles` (docs/network-failures.md#profiles):
 * what is applied and read back, and every hostile input refused with its exact status and code, nothing applied
 * after it. Every answer is checked against spec/admin.yaml (test/support/test-app.ts).
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, FROZEN_AT, type TestApp } from '../support/test-app.ts';

const ROUTE = '/__admin/clients/mock-client/network-profile';
const stage = (api: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ name: 'one', api, ...extra });

async function nothingApplied(t: TestApp): Promise<void> {
  const read = await t.http.get(ROUTE).expect(404);
  expect(read.body).toMatchObject({ error: 'not_found', message: 'O cliente mock-client não tem perfil de rede aplicado' });
}

describe('the network profile route', () => {
  it('applies a built-in by name with a seed, reads it back with its stage, and removes it', async () => {
    const t = await createTestApp();
    const applied = await t.http.put(ROUTE).send({ profile: 'outage-30s', seed: 7, forSeconds: 600 }).expect(200);
    expect(applied.body.data).toMatchObject({
      clientId: 'mock-client',
      profile: 'outage-30s',
      source: 'built-in',
      seed: 7,
      appliedAt: FROZEN_AT.toISOString(),
      until: new Date(FROZEN_AT.getTime() + 600_000).toISOString(),
      stage: { name: 'calm', index: 0, startedAt: FROZEN_AT.toISOString(), endsAt: new Date(FROZEN_AT.getTime() + 10_000).toISOString() },
      requests: 0,
      faults: { reset: 0, replyLost: 0, timeout: 0, slowBody: 0, delayed: 0, connectDelay: 0, resetMidBody: 0, checkoutSlow: 0, checkoutUnavailable: 0 },
    });
    expect((await t.http.get(ROUTE).expect(200)).body.data).toEqual(applied.body.data);
    expect((await t.http.delete(ROUTE).expect(200)).body).toEqual({ data: { removed: true } });
    expect((await t.http.delete(ROUTE).expect(200)).body).toEqual({ data: { removed: false } });
    await nothingApplied(t);
  });

  it('draws a seed when none is given, and returns it', async () => {
    const t = await createTestApp();
    const applied = await t.http.put(ROUTE).send({ profile: 'slow-3g' }).expect(200);
    expect(applied.body.data.seed).toEqual(expect.any(Number));
  });

  it('lists the profiles that can be applied', async () => {
    const t = await createTestApp();
    const listed = await t.http.get('/__admin/network-profiles').expect(200);
    expect((listed.body.data as Array<{ name: string }>).map((profile) => profile.name)).toEqual(['flaky-mobile', 'lost-replies', 'outage-30s', 'slow-3g']);
  });

  it('an unknown client → 404 not_found, for each method', async () => {
    const t = await createTestApp();
    const path = '/__admin/clients/nobody/network-profile';
    for (const answer of [await t.http.put(path).send({ profile: 'slow-3g' }), await t.http.get(path), await t.http.delete(path)]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ error: 'not_found', message: 'Cliente desconhecido: nobody' });
    }
  });

  it.each(['no-such-profile', '__proto__', 'constructor', 'toString', 'hasOwnProperty'])('an unknown profile name (%s) → 400 invalid_request naming profile, nothing applied', async (name) => {
    const t = await createTestApp();
    const refused = await t.http.put(ROUTE).send({ profile: name }).expect(400);
    expect(refused.body).toMatchObject({ error: 'invalid_request', details: [{ path: 'profile', message: `perfil desconhecido: ${name}` }] });
    await nothingApplied(t);
  });

  const HOSTILE: Array<[string, unknown]> = [
    ['a rate over 1', { profile: { stages: [stage({ loss: 1.5 })] } }],
    ['a negative rate', { profile: { stages: [stage({ replyLost: -0.1 })] } }],
    ['a huge ramp (21 stages)', { profile: { stages: Array.from({ length: 21 }, (_, index) => ({ name: `s${index}`, forSeconds: 1, api: {} })) } }],
    ['a huge ramp (2000 stages)', { profile: { stages: Array.from({ length: 2000 }, () => ({ name: 's', api: {} })) } }],
    ['an empty ramp', { profile: { stages: [] } }],
    ['a negative stage duration', { profile: { stages: [stage({}, { forSeconds: -5 })] } }],
    ['an absurd stage duration', { profile: { stages: [stage({}, { forSeconds: 1e12 })] } }],
    ['a negative forSeconds', { profile: 'slow-3g', forSeconds: -1 }],
    ['a zero forSeconds', { profile: 'slow-3g', forSeconds: 0 }],
    ['an absurd forSeconds', { profile: 'slow-3g', forSeconds: 1e15 }],
    ['a negative seed', { profile: 'slow-3g', seed: -1 }],
    ['a fractional seed', { profile: 'slow-3g', seed: 1.5 }],
    ['a latency past two minutes', { profile: { stages: [stage({ latencyMs: { fixedMs: 10_000_000 } })] } }],
    ['an unknown field', { profile: 'slow-3g', colour: 'red' }],
    ['an unknown field of a leg', { profile: { stages: [stage({ jitter: 1 })] } }],
    ['__proto__ as an inline profile name', { profile: { name: '__proto__', stages: [stage({})] } }],
    ['constructor as a field', JSON.parse('{"profile": {"stages": [{"name": "a", "api": {}}], "constructor": {"x": 1}}}')],
    ['no profile', {}],
    ['an empty name', { profile: '' }],
    ['a webhooks rate over 1', { profile: { stages: [stage({}, { webhooks: { resetMidBody: 1.01 } })] } }],
    ['a negative webhooks rate', { profile: { stages: [stage({}, { webhooks: { connectDelay: -0.5 } })] } }],
    ['a webhooks rate as text', { profile: { stages: [stage({}, { webhooks: { connectDelay: '0.5' } })] } }],
    ['an unknown field of the webhooks leg', { profile: { stages: [stage({}, { webhooks: { loss: 0.5 } })] } }],
    ['a checkout rate over 1', { profile: { stages: [stage({}, { checkout: { unavailable: 2 } })] } }],
    ['a negative checkout rate', { profile: { stages: [stage({}, { checkout: { slow: -1 } })] } }],
    ['an unknown field of the checkout leg', { profile: { stages: [stage({}, { checkout: { replyLost: 0.5 } })] } }],
    ['the checkout leg as a number', { profile: { stages: [stage({}, { checkout: 1 })] } }],
    ['an unknown leg', { profile: { stages: [stage({}, { sms: { slow: 1 } })] } }],
  ];

  it.each(HOSTILE)('%s → 400 invalid_request, nothing applied', async (_what, body) => {
    const t = await createTestApp();
    const refused = await t.http.put(ROUTE).send(body as object).expect(400);
    expect(refused.body).toMatchObject({ error: 'invalid_request' });
    await nothingApplied(t);
  });

  it.each([
    ['rates that sum past 1', { stages: [stage({ loss: 0.6, replyLost: 0.3, timeout: 0.2 })] }, 'profile.stages.0.api', 'loss, replyLost, timeout and slowBody together must not exceed 1'],
    ['a stage but the last without forSeconds', { stages: [stage({}), { name: 'two', api: {} }] }, 'profile.stages', 'every stage but the last needs forSeconds'],
    ['webhooks rates that sum past 1', { stages: [stage({}, { webhooks: { connectDelay: 0.6, resetMidBody: 0.5 } })] }, 'profile.stages.0.webhooks', 'connectDelay and resetMidBody together must not exceed 1'],
    ['checkout rates that sum past 1', { stages: [stage({}, { checkout: { slow: 0.7, unavailable: 0.7 } })] }, 'profile.stages.0.checkout', 'slow and unavailable together must not exceed 1'],
    ['two stages of one name', { stages: [stage({}, { forSeconds: 1 }), stage({})] }, 'profile.stages', 'stage names must differ'],
    ['a range whose minimum passes its maximum', { stages: [stage({ latencyMs: { minMs: 50, maxMs: 10 } })] }, 'profile.stages.0.api.latencyMs', 'minMs must not exceed maxMs'],
  ])('%s → 400 invalid_request naming the field (the rule the document cannot state), nothing applied', async (_what, profile, path, message) => {
    const t = await createTestApp();
    const refused = await t.http.put(ROUTE).send({ profile }).expect(400);
    expect(refused.body).toMatchObject({ error: 'invalid_request', message: 'Parâmetros inválidos', details: [{ path, message: `perfil de rede recusado: ${message}` }] });
    await nothingApplied(t);
  });

  it('a refused profile leaves the one already applied in place', async () => {
    const t = await createTestApp();
    await t.http.put(ROUTE).send({ profile: 'lost-replies', seed: 4 }).expect(200);
    await t.http.put(ROUTE).send({ profile: 'nope' }).expect(400);
    expect((await t.http.get(ROUTE).expect(200)).body.data).toMatchObject({ profile: 'lost-replies', seed: 4 });
  });

  it('a whole reset removes every profile, and a deleted tenant takes its profile with it', async () => {
    const t = await createTestApp();
    await t.http.post('/__admin/tenants').send({ clientId: 'job-a' }).expect(201);
    await t.http.put('/__admin/clients/job-a/network-profile').send({ profile: 'slow-3g' }).expect(200);
    await t.http.delete('/__admin/tenants/job-a').expect(200);
    await t.http.post('/__admin/tenants').send({ clientId: 'job-a' }).expect(201);
    await t.http.get('/__admin/clients/job-a/network-profile').expect(404);
    await t.http.put(ROUTE).send({ profile: 'flaky-mobile' }).expect(200);
    await t.http.post('/__admin/reset').send({}).expect(200);
    await nothingApplied(t);
  });
});
