/** mock.admin against a started mock: the clock, scenarios, reset, state, snapshots and the request journal. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { call, orderStatus, placeOrder, startCheckedMock, tokenFor } from '../support/mock-helpers.ts';

let mock: Mock;

beforeAll(async () => {
  mock = await startCheckedMock({ seedData: 'none' });
});

afterAll(() => mock.stop());

beforeEach(() => mock.admin.reset());

async function productCount(token: string): Promise<number> {
  return ((await call(mock, 'GET', '/v1/products', { token })).body['pagination'] as { total: number }).total;
}

describe('mock.admin.clock', () => {
  it('get() reads the running clock; freeze() stops it, resume() lets it run', async () => {
    expect(await mock.admin.clock.get()).toMatchObject({ frozen: false, offsetMs: expect.any(Number) });
    const frozen = await mock.admin.clock.freeze();
    expect(frozen.frozen).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await mock.admin.clock.get()).now).toBe(frozen.now);
    expect((await mock.admin.clock.resume()).frozen).toBe(false);
  });

  it('set(iso) puts it at an instant, advance(seconds) moves it on, change() does both in one call', async () => {
    await mock.admin.clock.freeze();
    expect((await mock.admin.clock.set('2030-01-01T00:00:00.000Z')).now).toBe('2030-01-01T00:00:00.000Z');
    expect((await mock.admin.clock.advance(90)).now).toBe('2030-01-01T00:01:30.000Z');
    expect((await mock.admin.clock.set(new Date('2031-05-01T12:00:00Z'))).now).toBe('2031-05-01T12:00:00.000Z');
    const changed = await mock.admin.clock.change({ set: '2032-01-01T00:00:00.000Z', advanceSeconds: 60, freeze: true });
    expect(changed).toMatchObject({ now: '2032-01-01T00:01:00.000Z', frozen: true });
  });

  it('advancing past a token’s lifetime expires it for the API', async () => {
    const token = await tokenFor(mock);
    await mock.admin.clock.advance(3601);
    const answer = await call(mock, 'GET', '/v1/products', { token });
    expect([answer.status, answer.body.error]).toEqual([401, 'TOKEN_EXPIRADO']);
  });
});

describe('mock.admin.scenarios', () => {
  it('list() names every scenario; activate() and deactivate() act globally or for one client', async () => {
    expect((await mock.admin.scenarios.list()).map((scenario) => scenario.name)).toEqual(expect.arrayContaining(['default', 'order-paid']));
    expect((await mock.admin.scenarios.activate('order-paid')).global).toBe('order-paid');
    expect((await mock.admin.scenarios.activate('order-failed', { clientId: 'mock-client' })).clients).toEqual({ 'mock-client': 'order-failed' });
    const token = await tokenFor(mock);
    expect(await orderStatus(mock, token, await placeOrder(mock, token))).toBe('FAILED');
    expect((await mock.admin.scenarios.deactivate({ clientId: 'mock-client' })).clients).toEqual({});
    expect(await orderStatus(mock, token, await placeOrder(mock, token))).toBe('PAID');
    expect(await mock.admin.scenarios.deactivate()).toMatchObject({ global: null, clients: {} });
    expect((await mock.admin.scenarios.active()).global).toBeNull();
  });
});

describe('mock.admin.reset, state and snapshots', () => {
  it('reset({ clientId }) drops that client’s records only; reset() every record', async () => {
    await mock.admin.clients.create({ clientId: 'shop-2', clientSecret: 'shop-2-secret' });
    const token = await tokenFor(mock);
    const other = await tokenFor(mock, { clientId: 'shop-2', clientSecret: 'shop-2-secret' });
    await call(mock, 'POST', '/v1/products/create', { token, body: { name: 'Gone', price: 1 } });
    await call(mock, 'POST', '/v1/products/create', { token: other, body: { name: 'Stays', price: 1 } });
    expect(await mock.admin.reset({ clientId: 'mock-client' })).toMatchObject({ reset: true, clientId: 'mock-client', removed: expect.any(Number) });
    expect(await productCount(await tokenFor(mock))).toBe(0);
    expect(await productCount(other)).toBe(1);
    expect(await mock.admin.reset()).toEqual({ reset: true });
    expect((await mock.admin.clients.list()).map((client) => client.clientId)).toEqual(['mock-client', 'inactive-client']);
  });

  it('state.export() then state.import() takes the mock back to the exported state', async () => {
    const token = await tokenFor(mock);
    await call(mock, 'POST', '/v1/products/create', { token, body: { name: 'Kept', price: 1 } });
    const state = await mock.admin.state.export();
    expect(state.version).toBe(1);
    await call(mock, 'POST', '/v1/products/create', { token, body: { name: 'Dropped', price: 1 } });
    expect(await mock.admin.state.import(state)).toMatchObject({ records: expect.any(Number), skippedScenarios: [] });
    const names = (await call(mock, 'GET', '/v1/products', { token })).body.data as Array<{ name: string }>;
    expect(names.map((product) => product.name)).toEqual(['Kept']);
  });

  it('snapshots: save(), list(), restore() and delete()', async () => {
    const token = await tokenFor(mock);
    expect(await mock.admin.snapshots.save('empty')).toMatchObject({ name: 'empty' });
    await call(mock, 'POST', '/v1/products/create', { token, body: { name: 'Later', price: 1 } });
    expect((await mock.admin.snapshots.list()).map((snapshot) => snapshot.name)).toEqual(['empty']);
    await mock.admin.snapshots.restore('empty');
    expect(await productCount(token)).toBe(0);
    expect(await mock.admin.snapshots.delete('empty')).toEqual({ deleted: 'empty' });
    expect(await mock.admin.snapshots.list()).toEqual([]);
  });
});

describe('mock.admin.requests', () => {
  it('list(filter) and count(filter) see the API calls served; clear() empties the journal', async () => {
    const token = await tokenFor(mock);
    await call(mock, 'GET', '/v1/products', { token });
    await call(mock, 'GET', '/v1/products', {});
    expect(await mock.admin.requests.count({ path: '/v1/products' })).toBe(2);
    expect(await mock.admin.requests.count({ path: '/v1/products', status: 401 })).toBe(1);
    const listed = await mock.admin.requests.list({ method: 'GET', clientId: 'mock-client' });
    expect(listed).toEqual([expect.objectContaining({ method: 'GET', path: '/v1/products', status: 200, operationId: 'listProducts' })]);
    const opened = await mock.admin.requests.get(listed[0]?.id ?? '');
    expect(opened.request?.headers).toMatchObject({ authorization: 'Bearer ***' });
    expect(JSON.stringify(opened)).not.toContain(token);
    expect(await mock.admin.requests.clear()).toBe(3);
    expect(await mock.admin.requests.count()).toBe(0);
  });
});
