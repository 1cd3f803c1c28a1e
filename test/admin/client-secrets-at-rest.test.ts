/**
 * Client secrets are never written down: the data file and its journal hold a salted hash of each secret, added
 * and configured alike. A client added over the admin API still gets tokens after a restart (checked against the
 * hash); its secret is then nowhere to be read, so the credentials call answers 409.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const ADDED_SECRET = 'added-secret-4fQ9zLw2';
const CONFIGURED_SECRET = 'configured-secret-Tr8Kp3';
const clients = [{ clientId: 'shop-configured', clientSecret: CONFIGURED_SECRET }];
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function openApp(file: string): Promise<TestApp> {
  return createTestApp({ clients }, { store: await openStore({ file }) });
}

/** The snapshot and the journal, as far as they exist yet. */
const onDisk = (file: string) => [file, `${file}.journal`].map((path) => (existsSync(path) ? readFileSync(path, 'utf8') : '')).join('\n');

describe('client secrets at rest', () => {
  it('the data file and journal never hold an added or a configured secret; the added client gets tokens after a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'commerce-mock-secrets-'));
    dirs.push(dir);
    const file = join(dir, 'db.json');
    const first = await openApp(file);
    await first.http.post('/__admin/clients').send({ clientId: 'shop-added', clientSecret: ADDED_SECRET }).expect(201);
    await first.http.post('/v1/auth/token').send({ client_id: 'shop-added', client_secret: ADDED_SECRET }).expect(200);
    // Known to this process: the console can still read it.
    const shown = await first.http.get('/__admin/clients/shop-added/credentials').expect(200);
    expect(shown.body.data).toEqual({ clientId: 'shop-added', clientSecret: ADDED_SECRET });
    let written = onDisk(file);
    expect(written).toContain('shop-added');
    expect(written).toMatch(/"secretHash":"sha256\$/);
    expect(written).not.toContain(ADDED_SECRET);
    expect(written).not.toContain(CONFIGURED_SECRET);
    await first.store.checkpoint();
    expect(onDisk(file)).not.toContain(ADDED_SECRET);
    await first.store.close();

    const second = await openApp(file);
    await second.http.post('/v1/auth/token').send({ client_id: 'shop-added', client_secret: ADDED_SECRET }).expect(200);
    const wrong = await second.http.post('/v1/auth/token').send({ client_id: 'shop-added', client_secret: `${ADDED_SECRET}x` }).expect(401);
    expect(wrong.body.error).toBe('CLIENT_INVALIDO');
    await second.http.post('/v1/auth/token').send({ client_id: 'shop-configured', client_secret: CONFIGURED_SECRET }).expect(200);
    const gone = await second.http.get('/__admin/clients/shop-added/credentials').expect(409);
    expect(gone.body).toMatchObject({ error: 'conflito', message: expect.stringContaining('só o seu hash') });
    // The configured client's secret comes from the configuration, not from the file.
    const configured = await second.http.get('/__admin/clients/shop-configured/credentials').expect(200);
    expect(configured.body.data.clientSecret).toBe(CONFIGURED_SECRET);
    written = onDisk(file);
    expect(written).not.toContain(ADDED_SECRET);
    expect(written).not.toContain(CONFIGURED_SECRET);
    await second.store.close();
  }, 60_000);

  it('a state imported with a hash only gives tokens for the secret; an import with neither secret nor hash is refused', async () => {
    const t = await createTestApp({ clients });
    await t.http.post('/__admin/clients').send({ clientId: 'shop-added', clientSecret: ADDED_SECRET }).expect(201);
    const state = (await t.http.get('/__admin/state').expect(200)).body;
    const hashOnly = state.clients.map(({ clientSecret: _secret, ...client }: { clientSecret?: string }) => client);
    await t.http.put('/__admin/state').send({ ...state, clients: hashOnly }).expect(200);
    await t.http.post('/v1/auth/token').send({ client_id: 'shop-added', client_secret: ADDED_SECRET }).expect(200);
    const bare = hashOnly.map(({ secretHash: _hash, ...client }: { secretHash?: string }) => client);
    const refused = await t.http.put('/__admin/state').send({ ...state, clients: bare }).expect(400);
    expect(refused.body.error).toBe('invalid_request');
    await t.http.post('/v1/auth/token').send({ client_id: 'shop-added', client_secret: ADDED_SECRET }).expect(200);
  });
});
