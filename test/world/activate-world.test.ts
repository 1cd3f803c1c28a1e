/**
 * A client's world made three ways, the configuration (a client given a scenario), the admin API (a scenario
 * activated for a client) and tenant creation: the same scenario gives the same world, its declared wallets
 * included. A restart from the configuration keeps what the payers have done since.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PAYERS = `
description: Two payers with wallets, one of them locked.
wallets:
  - { phone: '84 111 2233', balance: 1000, pin: '1234', limits: { perDay: 700 } }
  - { phone: '+258861234567', balance: 50.5, pin: '000000', status: locked, lockAfterWrongPins: 5 }
`;

function payersDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
  writeFileSync(join(dir, 'payers.yaml'), PAYERS);
  return dir;
}

/** What a client's world shows through the admin API: its scenario and its wallets. */
async function worldOf(t: TestApp, clientId: string) {
  const scenarios = (await t.http.get('/__admin/scenarios/active').expect(200)).body.data;
  const wallets = (await t.http.get(`/__admin/clients/${clientId}/wallets`).expect(200)).body.data as Array<Record<string, unknown>>;
  return {
    scenario: scenarios.clients[clientId],
    wallets: wallets.map((wallet) => [wallet['phone'], wallet['balance'], wallet['limits'], wallet['status'], wallet['lockAfterWrongPins'], wallet['wrongPins']]),
  };
}

const SHOP = { clientId: 'shop', clientSecret: 'shop-secret' };

describe('a client’s world, made three ways', () => {
  it('the configuration, the admin API and tenant creation give one scenario the same world, wallets included', async () => {
    const scenariosDir = payersDir();
    const configured = await createTestApp({ scenariosDir, clients: [{ ...SHOP, scenario: 'payers' }] });
    const activated = await createTestApp({ scenariosDir, clients: [SHOP] });
    await activated.http.put('/__admin/scenarios/active').send({ name: 'payers', clientId: 'shop' }).expect(200);
    const tenant = await createTestApp({ scenariosDir, clients: [{ clientId: 'someone-else', clientSecret: 'someone-secret' }] });
    await tenant.http.post('/__admin/tenants').send({ clientId: 'shop', scenario: 'payers' }).expect(201);

    const expected = {
      scenario: 'payers',
      wallets: [
        ['+258841112233', 1000, { perDay: 700 }, 'active', 3, 0],
        ['+258861234567', 50.5, {}, 'locked', 5, 0],
      ],
    };
    expect(await worldOf(configured, 'shop')).toEqual(expected);
    expect(await worldOf(activated, 'shop')).toEqual(expected);
    expect(await worldOf(tenant, 'shop')).toEqual(expected);
  });

  it('a restart from the configuration keeps the wallets its payers changed; a declared wallet removed comes back', async () => {
    const scenariosDir = payersDir();
    const file = join(mkdtempSync(join(tmpdir(), 'world-')), 'db.json');
    const first = await createTestApp({ scenariosDir, clients: [{ ...SHOP, scenario: 'payers' }] }, { store: await openStore({ file }) });
    await first.http.put('/__admin/clients/shop/wallets/841112233').send({ balance: 5 }).expect(200);
    await first.http.delete('/__admin/clients/shop/wallets/861234567').expect(200);
    await first.store.close();

    const again = await createTestApp({ scenariosDir, clients: [{ ...SHOP, scenario: 'payers' }] }, { store: await openStore({ file }) });
    expect((await worldOf(again, 'shop')).wallets).toEqual([
      ['+258841112233', 5, { perDay: 700 }, 'active', 3, 0],
      ['+258861234567', 50.5, {}, 'locked', 5, 0],
    ]);
    await again.store.close();
  });

  it('a configuration naming a scenario that does not exist is refused at start, naming the client', async () => {
    await expect(createTestApp({ clients: [{ ...SHOP, scenario: 'no-such-scenario' }] })).rejects.toThrow(/shop/);
  });
});
