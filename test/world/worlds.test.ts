/**
 * A client's world as one value (src/world/worlds.ts): its clock, own or the mock's, its policy, its rate window
 * key and its journal time; resolved once per request by the caller stage and read by every later stage.
 */
import { describe, expect, it } from 'vitest';
import type { World } from '../../src/deps/world.ts';
import type { Stage } from '../../src/http/stage.ts';
import { createClock } from '../../src/platform/clock.ts';
import { createScenarioEngine } from '../../src/scenarios/scenario-engine.ts';
import { loadScenarios, scenarioLibrary } from '../../src/scenarios/scenario-library.ts';
import { defaultConfig } from '../../src/platform/config.ts';
import { createWorlds } from '../../src/world/worlds.ts';
import { bearer, createTestApp } from '../support/test-app.ts';

const GLOBAL = '2026-03-02T10:00:00.000Z';
const OWN = '2026-05-01T08:00:00.000Z';

describe('a client’s world', () => {
  it('a tenant runs on its own clock, in a rate window of its own, and its journal reads its own time', () => {
    const clock = createClock({ frozenAt: new Date(GLOBAL) });
    clock.own('job-a', new Date(OWN));
    const scenarios = createScenarioEngine(scenarioLibrary(loadScenarios().scenarios), defaultConfig({}));
    scenarios.activate('rate-limited', 'job-a');
    const worlds = createWorlds({ clock, scenarios });

    const tenant = worlds.of('job-a');
    expect(tenant).toMatchObject({ clientId: 'job-a', ownClock: true, policy: scenarios.forClient('job-a') });
    expect(tenant.clock.now().toISOString()).toBe(OWN);
    expect(tenant.rateKey('10.0.0.1')).toBe('job-a|10.0.0.1');
    expect(tenant.clientTime(new Date(GLOBAL)).toISOString()).toBe(OWN);

    const follower = worlds.of('mock-client');
    expect(follower).toMatchObject({ clientId: 'mock-client', ownClock: false, policy: scenarios.base() });
    expect(follower.clock).toBe(clock);
    expect(follower.rateKey('10.0.0.1')).toBe('10.0.0.1');
    const at = new Date(GLOBAL);
    expect(follower.clientTime(at)).toBe(at);
  });

  it('one request of a tenant resolves its world once: token check, rate window and journal all on the tenant’s clock', async () => {
    const seen: Array<World | undefined> = [];
    const spy = (name: string): Stage => ({ name, run: (request, next) => (seen.push(request.world), next(request)) });
    const t = await createTestApp({}, {
      stages: (defaults) => defaults.flatMap((stage) => (stage.name === 'caller' ? [stage, spy('after-caller')] : stage.name === 'commit' ? [spy('before-commit'), stage] : [stage])),
    });
    const created = (await t.http.post('/__admin/tenants').send({ clock: { frozenAt: OWN } }).expect(201)).body.data as { clientId: string; clientSecret: string };
    const token = (await t.http.post('/v1/auth/token').send({ client_id: created.clientId, client_secret: created.clientSecret }).expect(200)).body.data.access_token as string;
    // The mock's clock moves past the token's lifetime and the default client spends requests from the same IP.
    for (let index = 0; index < 3; index += 1) await t.http.get('/v1/products').expect(401);
    await t.http.post('/__admin/clock/advance').send({ seconds: 3700 }).expect(200);
    seen.length = 0;

    const answer = await t.http.get('/v1/products').set(bearer(token)).expect(200);

    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[0]).toMatchObject({ clientId: created.clientId, ownClock: true });
    // Its own window: its token request and this one, none of the other requests from the same IP.
    expect(Number(answer.headers['ratelimit-limit']) - Number(answer.headers['ratelimit-remaining'])).toBe(2);
    const entry = (await t.http.get('/__admin/requests').query({ clientId: created.clientId, operationId: 'listProducts', limit: 1 }).expect(200)).body.data[0];
    expect(entry).toMatchObject({ receivedAt: OWN, status: 200 });
  });
});
