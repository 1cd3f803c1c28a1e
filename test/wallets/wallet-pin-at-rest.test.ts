/**
 * A wallet's PIN is kept as a slow hash (scrypt): the PIN itself is in no stored record (so in no data file or
 * journal line) and in no answer, the state export leaves the hash out unless asked for, and the payer's right PIN
 * still opens the prompt's check. A hash of the older, fast format (a state file from before) still opens it, and
 * is replaced by a scrypt hash at the next right PIN.
 */
import { describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/clients/secret-hash.ts';
import type { RecordOf } from '../../src/domain/records.ts';
import { pay, placeOrder, WALLET_ORDER_600 } from '../support/checkout-helpers.ts';
import { createTestApp, tokenFor } from '../support/test-app.ts';

const WALLET = '/__admin/clients/mock-client/wallets/841234567';
const PIN = '739184';
type Wallet = RecordOf<'wallets'>;

describe('a wallet PIN at rest', () => {
  it('is stored as a scrypt hash and never shown', async () => {
    const t = await createTestApp();
    const made = await t.http.put(WALLET).send({ balance: 100, pin: PIN }).expect(201);
    expect(JSON.stringify(made.body)).not.toContain(PIN);
    expect(JSON.stringify((await t.http.get(WALLET).expect(200)).body)).not.toContain(PIN);
    const stored = JSON.stringify(t.store.dump());
    expect(stored).not.toContain(PIN);
    expect(stored).toMatch(/"pinHash":"scrypt\$16384\$[A-Za-z0-9_-]+\$[0-9a-f]{64}"/);
  });

  it('is left out of the state export unless asked for, and an export without it keeps the PINs on import', async () => {
    const t = await createTestApp();
    await t.http.put(WALLET).send({ balance: 100, pin: PIN }).expect(201);
    const exported = (await t.http.get('/__admin/state').expect(200)).body;
    expect(JSON.stringify(exported)).not.toMatch(/pinHash|scrypt\$/);
    const asked = (await t.http.get('/__admin/state?pinHashes=true').expect(200)).body;
    expect(Object.values(asked.store.collections.wallets as Record<string, Wallet>)[0]?.pinHash).toMatch(/^scrypt\$/);

    await t.http.put('/__admin/state').send(exported).expect(200);
    const [wallet] = t.store.list<Wallet>('wallets', 'mock-client');
    expect(wallet?.pinHash).toMatch(/^scrypt\$/);
  });

  it('of the older format (a salted SHA-256) still opens the prompt, and the right PIN moves it to scrypt', async () => {
    const t = await createTestApp();
    const phone = '+258841112233';
    const path = `/__admin/clients/mock-client/wallets/${encodeURIComponent(phone)}`;
    await t.http.put(path).send({ balance: 1000, pin: '0000' }).expect(201);
    const state = (await t.http.get('/__admin/state?pinHashes=true').expect(200)).body;
    for (const wallet of Object.values(state.store.collections.wallets as Record<string, Wallet>)) wallet.pinHash = hashSecret('1234');
    await t.http.put('/__admin/state').send(state).expect(200);
    expect(t.store.list<Wallet>('wallets', 'mock-client')[0]?.pinHash).toMatch(/^sha256\$/);

    const order = await placeOrder(t, WALLET_ORDER_600, await tokenFor(t));
    await pay(t, order.path, 'mpesa', '84 111 2233').expect(303);
    const paid = await t.http.post(`${path}/prompt`).send({ action: 'pin', pin: '1234' }).expect(200);
    expect(paid.body.data).toMatchObject({ status: 'PAID', wallet: { balance: 400 } });
    expect(t.store.list<Wallet>('wallets', 'mock-client')[0]?.pinHash).toMatch(/^scrypt\$/);
  });
});
