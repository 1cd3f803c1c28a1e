/**
 * Prototype names are plain ids: a client or tenant named `__proto__`, `constructor` or `hasOwnProperty` is made,
 * listed, given a scenario and wallets, exported and imported like any other, and shows only what it has; a client
 * id holding `|` is its own, not a prefix of another's.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';

const NAMES = ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'a|b'];

describe('prototype names are plain ids', () => {
  it('clients and tenants so named are listed with only what they have', async () => {
    const t = await createTestApp();
    for (const name of NAMES) await t.http.post('/__admin/clients').send({ clientId: name, clientSecret: `${name}-secret` }).expect(201);
    await t.http.post('/__admin/tenants').send({ clientId: 'valueOf', clock: { frozenAt: '2030-01-01T00:00:00Z' } }).expect(201);
    const listed = (await t.http.get('/__admin/clients').expect(200)).body.data as Array<Record<string, unknown>>;
    for (const name of [...NAMES, 'valueOf']) {
      expect(listed.find((client) => client.clientId === name)).toEqual({ clientId: name, active: true, activeTokens: 0 });
    }
    expect((await t.http.get('/__admin/clients/__proto__/clock').expect(200)).body.data).toMatchObject({ clientId: '__proto__', own: false });
    expect((await t.http.get('/__admin/clients/valueOf/clock').expect(200)).body.data).toMatchObject({ own: true, now: '2030-01-01T00:00:00.000Z' });
  });

  it('scenarios and wallets of such clients are theirs alone, and survive an export and import', async () => {
    const t = await createTestApp();
    for (const name of NAMES) {
      await t.http.post('/__admin/clients').send({ clientId: name, clientSecret: `${name}-secret` }).expect(201);
      await t.http.put('/__admin/scenarios/active').send({ name: 'slow-payment', clientId: name }).expect(200);
      await t.http.put(`/__admin/clients/${name}/wallets/841110000`).send({ balance: 10, pin: '1234' }).expect(201);
    }
    const exported = (await t.http.get('/__admin/state').expect(200)).body;
    await t.http.put('/__admin/state').send(exported).expect(200);
    const active = (await t.http.get('/__admin/scenarios/active').expect(200)).body.data;
    for (const name of NAMES) expect(Object.hasOwn(active.clients, name) && active.clients[name]).toBe('slow-payment');
    const listed = (await t.http.get('/__admin/clients').expect(200)).body.data as Array<Record<string, unknown>>;
    for (const name of NAMES) {
      expect(listed.find((client) => client.clientId === name)).toEqual({ clientId: name, active: true, activeTokens: 0, scenario: 'slow-payment' });
      expect((await t.http.get(`/__admin/clients/${name}/wallets`).expect(200)).body.data).toEqual([expect.objectContaining({ phone: '+258841110000', balance: 10 })]);
    }
    expect((await t.http.get('/__admin/clients/mock-client/wallets').expect(200)).body.data).toEqual([]);
  });

  it('a client `a` deactivated leaves the scenario of client `a|b` as it was', async () => {
    const t = await createTestApp();
    for (const name of ['a', 'a|b']) {
      await t.http.post('/__admin/clients').send({ clientId: name, clientSecret: 'secret' }).expect(201);
      await t.http.put('/__admin/scenarios/active').send({ name: 'slow-payment', clientId: name }).expect(200);
    }
    await t.http.delete('/__admin/scenarios/active').query({ clientId: 'a' }).expect(200);
    const active = (await t.http.get('/__admin/scenarios/active').expect(200)).body.data;
    expect(active.clients).toEqual({ 'a|b': 'slow-payment' });
  });
});
