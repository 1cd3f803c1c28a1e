/**
 * Wallets declared in a scenario file: activated for a client (or given to a new tenant), the scenario sets each
 * declared wallet to its declared state, again at each activation; wallets it does not declare are kept, global
 * activation sets none, deactivation leaves them; a bad declaration is refused naming its field.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/scenarios/scenario-library.ts';
import { createTestApp } from '../support/test-app.ts';

const PAYERS = `
description: Two payers with wallets, one of them locked.
wallets:
  - { phone: '84 111 2233', balance: 1000, pin: '1234', limits: { perDay: 700 } }
  - { phone: '+258861234567', balance: 50.5, pin: '000000', status: locked, lockAfterWrongPins: 5 }
`;
const WALLETS = '/__admin/clients/mock-client/wallets';

async function appWithPayers() {
  const dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
  writeFileSync(join(dir, 'payers.yaml'), PAYERS);
  return createTestApp({ scenariosDir: dir });
}

const summary = (wallets: Array<Record<string, unknown>>) =>
  wallets.map((wallet) => [wallet['phone'], wallet['balance'], wallet['limits'], wallet['status'], wallet['lockAfterWrongPins']]);

describe('wallets in a scenario file', () => {
  it('are set for the client the scenario is activated for, afresh at each activation, and kept on deactivation', async () => {
    const t = await appWithPayers();
    const listed = (await t.http.get('/__admin/scenarios').expect(200)).body.data.find((scenario: { name: string }) => scenario.name === 'payers');
    expect(listed.sets).toEqual(['wallets']);

    // Wallets belong to a client: a global activation sets none.
    await t.http.put('/__admin/scenarios/active').send({ name: 'payers' }).expect(200);
    expect((await t.http.get(WALLETS).expect(200)).body.data).toEqual([]);

    await t.http.put('/__admin/scenarios/active').send({ name: 'payers', clientId: 'mock-client' }).expect(200);
    const declared = [
      ['+258841112233', 1000, { perDay: 700 }, 'active', 3],
      ['+258861234567', 50.5, {}, 'locked', 5],
    ];
    expect(summary((await t.http.get(WALLETS).expect(200)).body.data)).toEqual(declared);

    // Changed by hand, plus a wallet the scenario does not declare; activating again restores the declared state only.
    await t.http.put(`${WALLETS}/841112233`).send({ balance: 5, pin: '9999', limits: { perTransaction: 1, perDay: null } }).expect(200);
    await t.http.put(`${WALLETS}/861234567`).send({ status: 'active' }).expect(200);
    await t.http.put(`${WALLETS}/851234567`).send({ balance: 20, pin: '4321' }).expect(201);
    await t.http.put('/__admin/scenarios/active').send({ name: 'payers', clientId: 'mock-client' }).expect(200);
    const again = (await t.http.get(WALLETS).expect(200)).body.data;
    expect(summary(again)).toEqual([...declared, ['+258851234567', 20, {}, 'active', 3]]);

    // Deactivation leaves the wallets (and their statements) as they are.
    await t.http.delete('/__admin/scenarios/active').query({ clientId: 'mock-client' }).expect(200);
    expect((await t.http.get(WALLETS).expect(200)).body.data).toEqual(again);
  });

  it('are set for a tenant created with the scenario, on its own clock', async () => {
    const t = await appWithPayers();
    await t.http.post('/__admin/tenants').send({ clientId: 'job-w', scenario: 'payers', clock: { frozenAt: '2026-05-01T21:30:00Z' } }).expect(201);
    const wallets = (await t.http.get('/__admin/clients/job-w/wallets').expect(200)).body.data;
    expect(wallets.map((wallet: { phone: string; createdAt: string }) => [wallet.phone, wallet.createdAt])).toEqual([
      ['+258841112233', '2026-05-01T21:30:00.000Z'],
      ['+258861234567', '2026-05-01T21:30:00.000Z'],
    ]);
    expect((await t.http.get(WALLETS).expect(200)).body.data).toEqual([]);
  });

  it('refuses a number no wallet can have and a number declared twice, naming the field', () => {
    const bad = parseScenario(
      "wallets:\n  - { phone: '+258821234567', balance: 1, pin: '1234' }\n  - { phone: '84 111 2233', balance: 1, pin: '12' }\n",
      '/x/bad.yaml',
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.problems.map((problem) => problem.field)).toEqual(['wallets.0.phone', 'wallets.1.pin']);
      expect(bad.problems[0]?.reason).toBe('a Mozambican mobile number of M-Pesa (84, 85) or e-Mola (86, 87)');
    }
    const twice = parseScenario("wallets:\n  - { phone: '84 111 2233', balance: 1, pin: '1234' }\n  - { phone: '+258841112233', balance: 2, pin: '1234' }\n", '/x/twice.yaml');
    expect(twice.ok ? [] : twice.problems.map((problem) => [problem.field, problem.reason])).toEqual([['wallets', 'each number once']]);
  });
});

describe('wallets of a configured scenario, when a provider-state session starts its client afresh', () => {
  it('are set again as the scenario declares them, as at start-up', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
    writeFileSync(join(dir, 'payers.yaml'), PAYERS);
    const t = await createTestApp({ scenariosDir: dir, clients: [{ clientId: 'mock-client', clientSecret: 'mock-secret', active: true, scenario: 'payers' }] });
    const declared = summary((await t.http.get(WALLETS).expect(200)).body.data);
    expect(declared).toHaveLength(2);
    // A payer spends, then an interaction's setup starts the verifying client afresh.
    await t.http.put(`${WALLETS}/841112233`).send({ balance: 5 }).expect(200);
    await t.http.post('/__admin/pact/provider-states').send({ action: 'setup' }).expect(200);
    expect(summary((await t.http.get(WALLETS).expect(200)).body.data)).toEqual(declared);
    expect((await t.http.get('/__admin/scenarios').expect(200)).body.data.find((scenario: { name: string }) => scenario.name === 'payers')).toBeDefined();
  });
});
