/**
 * A wallet's PIN is kept as a salted hash, as client secrets are: the PIN itself is in no stored record (so in no
 * data file or journal line) and in no answer, and the payer's right PIN still opens the prompt's check.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';

const WALLET = '/__admin/clients/mock-client/wallets/841234567';
const PIN = '739184';

describe('a wallet PIN at rest', () => {
  it('is stored as a salted hash and never shown', async () => {
    const t = await createTestApp();
    const made = await t.http.put(WALLET).send({ balance: 100, pin: PIN }).expect(201);
    expect(JSON.stringify(made.body)).not.toContain(PIN);
    expect(JSON.stringify((await t.http.get(WALLET).expect(200)).body)).not.toContain(PIN);
    const stored = JSON.stringify(t.store.dump());
    expect(stored).not.toContain(PIN);
    expect(stored).toMatch(/"pinHash":"sha256\$[A-Za-z0-9_-]+\$[0-9a-f]{64}"/);
    // The state export carries the hash, never the PIN.
    expect(JSON.stringify((await t.http.get('/__admin/state').expect(200)).body)).not.toContain(PIN);
  });
});
