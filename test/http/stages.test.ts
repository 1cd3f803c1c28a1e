/** The request path is a public list of stages: a stage added to it takes effect without editing another. */
import { describe, expect, it } from 'vitest';
import { failure } from '../../src/errors/failures.ts';
import { okData } from '../../src/domain/reply.ts';
import { silentLogger } from '../../src/platform/log.ts';
import { insertAfter, insertBefore, type Stage } from '../../src/http/stage.ts';
import { bearer, createTestApp, tokenFor } from '../support/test-app.ts';

const maintenance: Stage = {
  name: 'maintenance',
  run: (request, next) => (request.apiPath === '/orders' ? failure('internal') : next(request)),
};

describe('the stage list', () => {
  it('is assembled in order: save state, cors, caller, scenario scope, rate limit, route, content type, body, scenario rules, armed outcomes, network profile, authenticate, validate, commit, handle', async () => {
    let names: string[] = [];
    await createTestApp({}, { stages: (defaults) => ((names = defaults.map((stage) => stage.name)), defaults) });
    expect(names).toEqual([
      'save-state',
      'cors',
      'caller',
      'scenario-scope',
      'rate-limit',
      'route',
      'content-type',
      'body',
      'scenario-rules',
      'armed-outcomes',
      'network-profile',
      'authenticate',
      'validate',
      'commit',
      'handle',
    ]);
  });

  it('takes an inserted stage that answers for one path, leaving the other paths alone', async () => {
    const t = await createTestApp({}, { stages: (defaults) => insertBefore(defaults, 'authenticate', maintenance) });
    const token = await tokenFor(t);
    const refused = await t.http.get('/v1/orders').set(bearer(token)).expect(500);
    expect(refused.body).toMatchObject({ error: 'erro_interno', requestId: refused.headers['x-request-id'] });
    expect(refused.headers['ratelimit-remaining']).toBe('98');
    await t.http.get('/v1/products').set(bearer(token)).expect(200);
  });

  it('lets a stage see the caller and replace the answer of the stages after it', async () => {
    const seen: Array<string | undefined> = [];
    const stamp: Stage = {
      name: 'stamp',
      async run(request, next) {
        const reply = await next(request);
        seen.push(request.context.principal && request.world?.clientId);
        return reply.ok ? { ...reply, headers: { ...reply.headers, 'X-Stamp': request.context.operationId ?? '' } } : reply;
      },
    };
    const t = await createTestApp({}, { stages: (defaults) => insertAfter(defaults, 'authenticate', stamp) });
    const response = await t.http.get('/v1/products').set(bearer(await tokenFor(t))).expect(200);
    expect(response.headers['x-stamp']).toBe('listProducts');
    // The token call that came first carries no bearer, so no principal.
    expect(seen).toEqual([undefined, 'mock-client']);
  });

  it('runs no handler when a stage answers first, so nothing is written', async () => {
    const refuseWrites: Stage = {
      name: 'refuse-writes',
      run: (request, next) => (request.operation?.method === 'post' && request.context.principal ? failure('internal') : next(request)),
    };
    const t = await createTestApp({}, { stages: (defaults) => insertBefore(defaults, 'commit', refuseWrites) });
    const token = await tokenFor(t);
    await t.http.post('/v1/customers').set(bearer(token)).send({ name: 'Ana' }).expect(500);
    expect(t.store.count('customers')).toBe(0);
    expect(t.events.map((event) => event.type)).toEqual(['token.issued', 'token.issued']);
  });

  it('answers the JSON 500 envelope whatever throws: a stage, or a reply that cannot be serialised', async () => {
    const throwing: Stage = { name: 'throwing', run: () => { throw new Error('bug'); } };
    const t = await createTestApp({}, { stages: (defaults) => insertBefore(defaults, 'route', throwing) });
    const thrown = await t.http.get('/v1/products').expect(500);
    expect(thrown.headers['content-type']).toMatch(/application\/json/);
    expect(thrown.body).toMatchObject({ error: 'erro_interno', requestId: thrown.headers['x-request-id'] });
    const unserialisable: Stage = { name: 'bigint', run: () => okData({ amount: 10n }) };
    const u = await createTestApp({}, { stages: (defaults) => insertBefore(defaults, 'route', unserialisable) });
    const broken = await u.http.get('/v1/products').expect(500);
    expect(broken.body).toMatchObject({ error: 'erro_interno', requestId: broken.headers['x-request-id'] });
  });

  it('answers the JSON 500 envelope when a stage fails later: a rejected promise, or a throw after a stage that waited for the body; nothing is written', async () => {
    const rejecting: Stage = { name: 'rejecting', run: () => Promise.reject(new Error('later')) };
    const r = await createTestApp({}, { stages: (defaults) => insertBefore(defaults, 'route', rejecting) });
    const rejected = await r.http.get('/v1/products').expect(500);
    expect(rejected.body).toMatchObject({ error: 'erro_interno', requestId: rejected.headers['x-request-id'] });

    const logged: string[] = [];
    const throwingAfterBody: Stage = {
      name: 'throwing',
      run: (request, next) => {
        if (request.apiPath === '/customers' && request.body !== undefined) throw new Error('after the body');
        return next(request);
      },
    };
    const t = await createTestApp({}, {
      logger: { ...silentLogger, error: (line: string) => logged.push(line) },
      stages: (defaults) => insertBefore(defaults, 'commit', throwingAfterBody),
    });
    const token = await tokenFor(t);
    const thrown = await t.http.post('/v1/customers').set(bearer(token)).send({ name: 'Ana' }).expect(500);
    expect(thrown.body).toMatchObject({ error: 'erro_interno', requestId: thrown.headers['x-request-id'] });
    expect(t.store.count('customers')).toBe(0);
    expect(logged.some((line) => line.includes('POST /v1/customers') && line.includes('after the body'))).toBe(true);
  });

  it('refuses a stage between commit and handle, inserted there or put there by hand: nothing may wait between a handler’s writes and their commit', async () => {
    const between: Stage = { name: 'between', run: (request, next) => next(request) };
    let defaults: readonly Stage[] = [];
    await createTestApp({}, { stages: (list) => ((defaults = list), list) });
    const refusal = 'the stage commit must come right before handle, not before between';
    expect(() => insertBefore(defaults, 'handle', between)).toThrow(refusal);
    expect(() => insertAfter(defaults, 'commit', between)).toThrow(refusal);
    await expect(createTestApp({}, { stages: (list) => [...list.slice(0, -1), between, ...list.slice(-1)] })).rejects.toThrow(refusal);
    await expect(createTestApp({}, { stages: (list) => list.filter((stage) => stage.name !== 'handle') })).rejects.toThrow(
      'the stage commit must come right before handle, not before the end of the list',
    );
  });

  it('refuses to insert next to a stage that does not exist', () => {
    expect(() => insertBefore([], 'nope', maintenance)).toThrow('no stage named nope');
  });
});
