/**
 * The admin client covers the whole of spec/admin.yaml: calling every one of its methods asks for every
 * documented operation, each at its documented method and path, and for nothing else.
 */
import { describe, expect, it } from 'vitest';
import { createAdminClient } from '../../src/index.ts';
import { sharedAdminRouter } from '../support/shared-router.ts';

const ID = 'id-1';

const documented = (await sharedAdminRouter()).operations.flatMap(({ operationId, method, path }) =>
  operationId ? [`${method.toUpperCase()} /__admin${path.replace(/\{\w+\}/g, ID)}`] : [],
);

type Method = (...args: unknown[]) => Promise<unknown>;

describe('the admin client', () => {
  it('has a method for every operation of spec/admin.yaml, at its method and path', async () => {
    const asked: string[] = [];
    const recorder: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      asked.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      return new Response(JSON.stringify({ data: { count: 0, cleared: 0 } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    const client = createAdminClient('http://127.0.0.1:1', { fetch: recorder });
    // `tenant()` is made of these methods (test below); `clients.clock(id)` and `clients.wallets(id)` are groups of their own, for one client.
    const { tenant: _tenant, outcomes, network, ...grouped } = client;
    const { clock: clientClock, wallets: clientWallets, ...clientMethods } = client.clients;
    // `outcomes` takes the client as an option, and disarms one or all by whether an armed id is given.
    await outcomes.arm('server.500', { clientId: ID });
    await outcomes.armed(ID);
    await outcomes.disarm(ID);
    await outcomes.disarm(ID, ID);
    // `network` likewise takes the client as an option (apply) or as its argument.
    await network.apply('slow-3g', { clientId: ID });
    await network.get(ID);
    await network.remove(ID);
    await network.list();
    const methods = [
      ...Object.values({ ...grouped, clients: clientMethods }).flatMap((member) =>
        // A callable group (`coverage(id)`, `coverage.clear(id)`) counts as itself and its methods.
        typeof member === 'function' ? [member as Method, ...Object.values(member as unknown as Record<string, Method>)] : Object.values(member as Record<string, Method>),
      ),
      ...Object.values(clientClock(ID) as Record<string, Method>),
      ...Object.values(clientWallets(ID) as Record<string, Method>),
    ];
    for (const method of methods) await method(ID);
    expect([...asked].sort()).toEqual([...documented].sort());
    expect(asked).toHaveLength(methods.length + 8);
  });

  it('tenant() creates a tenant and answers a handle whose clock, journal, scenarios and webhooks are its own', async () => {
    const asked: string[] = [];
    const recorder: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      asked.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}${init?.body ? ` ${String(init.body)}` : ''}`);
      const body = url.pathname === '/__admin/tenants' ? { data: { clientId: 'job-a', clientSecret: 's', records: 0 } } : { data: { count: 0 } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    const handle = await createAdminClient('http://127.0.0.1:1', { fetch: recorder }).tenant({ seedData: 'none' });
    expect(handle.credentials).toEqual({ clientId: 'job-a', clientSecret: 's' });
    await handle.clock.advance(60);
    await handle.requests.count({ path: '/v1/orders' });
    await handle.scenarios.activate('slow-payment');
    await handle.webhooks.deliveries();
    await handle.delete();
    expect(asked).toEqual([
      'POST /__admin/tenants {"seedData":"none"}',
      'POST /__admin/clients/job-a/clock/advance {"seconds":60}',
      'GET /__admin/requests/count?path=%2Fv1%2Forders&clientId=job-a',
      'PUT /__admin/scenarios/active {"name":"slow-payment","clientId":"job-a"}',
      'GET /__admin/webhooks/deliveries?clientId=job-a',
      'DELETE /__admin/tenants/job-a',
    ]);
  });

  it('sends the admin token as a bearer on every call, and reaches the admin API under a given /__admin too', async () => {
    const seen: Array<[string, string | null]> = [];
    const recorder: typeof fetch = async (input, init) => {
      seen.push([String(input), new Headers(init?.headers).get('authorization')]);
      return new Response('{"data":{"now":"2026-01-01T00:00:00.000Z","frozen":true,"offsetMs":0}}', { status: 200 });
    };
    await createAdminClient('http://mock.test:4010/', { adminToken: 'admin-secret-1', fetch: recorder }).clock.get();
    await createAdminClient('http://mock.test:4010/__admin', { fetch: recorder }).clock.get();
    expect(seen).toEqual([
      ['http://mock.test:4010/__admin/clock', 'Bearer admin-secret-1'],
      ['http://mock.test:4010/__admin/clock', null],
    ]);
  });
});
