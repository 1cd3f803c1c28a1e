/**
 * Ended tokens are kept for 24 h of mock time (TOKEN_REVOGADO / TOKEN_EXPIRADO to their bearers), then the
 * store's checkpoint drops them: their bearers get invalid_token and the data file no longer holds them. The
 * 5-token count is unchanged by it. A file store wired as the server wires it (the mock clock's retention).
 */
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.ts';
import { hashToken, tokenIdOf } from '../../src/tokens/rules.ts';
import { TOKEN_RETENTION_SECONDS, tokenRetention } from '../../src/tokens/retention.ts';
import { revokeTokens } from '../../src/tokens/withdraw.ts';
import { bearer, CLIENT, createTestApp, type TestApp } from '../support/test-app.ts';
import { makeTempDir, type TempDir } from '../support/store-helpers.ts';
import { createWorlds } from '../../src/world/worlds.ts';

const HOUR = 3600;

let dir: TempDir;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await dir.remove();
});

async function fileApp(tokens: object = {}): Promise<TestApp> {
  let app: TestApp | undefined;
  const store = await openStore({ file: dir.file('db.json'), prune: tokenRetention(() => app!.clock.nowMs()) });
  app = await createTestApp({ tokens }, { store });
  return app;
}

async function issue(t: TestApp): Promise<{ access: string; refresh: string }> {
  const data = (await t.http.post('/v1/auth/token').send(CLIENT).expect(200)).body.data;
  return { access: data.access_token, refresh: data.refresh_token };
}

async function answerTo(t: TestApp, token: string): Promise<string | number> {
  const response = await t.http.get('/v1/products').set(bearer(token));
  return response.status === 200 ? 200 : response.body.error;
}

/** The data file as a restart reads it: the snapshot and the journal. */
async function dataFile(): Promise<string> {
  const read = (name: string) => readFile(dir.file(name), 'utf8').catch(() => '');
  return (await read('db.json')) + (await read('db.json.journal'));
}

async function checkpointAfter(t: TestApp, seconds: number): Promise<void> {
  t.clock.advance(seconds);
  await t.store.checkpoint();
}

describe('ended tokens past their retention', () => {
  it('within 24 h: a revoked token answers TOKEN_REVOGADO, an expired one TOKEN_EXPIRADO, both kept in the file', async () => {
    const t = await fileApp();
    const expired = await issue(t);
    t.clock.advance(HOUR);
    const revoked = await issue(t);
    await t.http.post('/v1/auth/token/revoke').set(bearer(revoked.access)).send({ token: revoked.access }).expect(200);
    // Both ended 24 h ago less one second.
    await checkpointAfter(t, TOKEN_RETENTION_SECONDS - 1);
    expect(await answerTo(t, revoked.access)).toBe('TOKEN_REVOGADO');
    expect(await answerTo(t, expired.access)).toBe('TOKEN_EXPIRADO');
    const file = await dataFile();
    for (const token of [revoked.access, expired.access]) expect(file).toContain(tokenIdOf(token));
    await t.store.close();
  });

  it('past 24 h and a checkpoint: both answer invalid_token and the data file no longer holds them', async () => {
    const t = await fileApp();
    const revoked = await issue(t);
    await t.http.post('/v1/auth/token/revoke').set(bearer(revoked.access)).send({ token: revoked.refresh }).expect(200);
    const expired = await issue(t);
    await checkpointAfter(t, HOUR + TOKEN_RETENTION_SECONDS);
    expect(await answerTo(t, revoked.access)).toBe('invalid_token');
    expect(await answerTo(t, expired.access)).toBe('invalid_token');
    const file = await dataFile();
    // Nothing of their records is left: the hash a bearer's secret is looked up by, the hint, the dates.
    for (const token of [revoked.access, revoked.refresh, expired.access]) {
      expect(file).not.toContain(`"${tokenIdOf(token)}":`);
      expect(file).not.toContain(hashToken(token));
    }
    // A refresh token not revoked is still valid, so it is kept: it issues a new access token.
    expect(file).toContain(`"${tokenIdOf(expired.refresh)}":`);
    const renewed = await t.http.post('/v1/auth/token/refresh').send({ refresh_token: expired.refresh }).expect(200);
    expect(await answerTo(t, renewed.body.data.access_token)).toBe(200);
    await t.store.close();
  });

  it('after a restart on the pruned file the tokens are still gone (invalid_token)', async () => {
    const t = await fileApp();
    const revoked = await issue(t);
    await t.http.post('/v1/auth/token/revoke').set(bearer(revoked.access)).send({ token: revoked.access }).expect(200);
    t.clock.advance(TOKEN_RETENTION_SECONDS);
    await t.store.close();
    const reopened = await createTestApp({}, { store: await openStore({ file: dir.file('db.json') }) });
    expect(await answerTo(reopened, revoked.access)).toBe('invalid_token');
    expect(reopened.store.get('tokens', tokenIdOf(revoked.access))).toBeUndefined();
    await reopened.store.close();
  });

  it('an access token kept while its revoked refresh token is past retention keeps that refresh token (TOKEN_REVOGADO)', async () => {
    const t = await fileApp({ ttlSeconds: 3 * 24 * HOUR });
    const pair = await issue(t);
    // A scenario effect revokes the refresh token alone: its access token is refused through it.
    revokeTokens(t.deps, createWorlds({ clock: t.deps.clock, scenarios: t.core.scenarios }).of('mock-client'), [tokenIdOf(pair.refresh)]);
    await checkpointAfter(t, TOKEN_RETENTION_SECONDS + HOUR);
    expect(await answerTo(t, pair.access)).toBe('TOKEN_REVOGADO');
    expect(await dataFile()).toContain(tokenIdOf(pair.refresh));
    await t.store.close();
  });

  it('the 5-token limit counts the same: active tokens are never pruned, pruned ones never counted', async () => {
    const t = await fileApp({ ttlSeconds: 7 * 24 * HOUR });
    const held = [];
    for (let index = 0; index < 5; index += 1) held.push(await issue(t));
    const refused = await t.http.post('/v1/auth/token').send(CLIENT).expect(400);
    expect(refused.body.error).toBe('invalid_request');
    for (const pair of held.slice(0, 2)) {
      await t.http.post('/v1/auth/token/revoke').set(bearer(pair.access)).send({ token: pair.access }).expect(200);
    }
    await checkpointAfter(t, TOKEN_RETENTION_SECONDS + 1);
    expect(await answerTo(t, held[0]!.access)).toBe('invalid_token');
    const listed = (await t.http.get('/v1/auth/token/list').set(bearer(held[4]!.access)).expect(200)).body.data;
    expect(listed).toHaveLength(3);
    for (const pair of held.slice(2)) expect(await answerTo(t, pair.access)).toBe(200);
    await issue(t);
    await issue(t);
    expect((await t.http.post('/v1/auth/token').send(CLIENT).expect(400)).body.error).toBe('invalid_request');
    await t.store.close();
  });

  it('in memory (no journal), the same pruning runs once the changes since the last reach checkpointBytes', async () => {
    let app: TestApp | undefined;
    const store = await openStore({ checkpointBytes: 4096, prune: tokenRetention(() => app!.clock.nowMs()) });
    const t = (app = await createTestApp({}, { store }));
    const revoked = await issue(t);
    await t.http.post('/v1/auth/token/revoke').set(bearer(revoked.access)).send({ token: revoked.refresh }).expect(200);
    t.clock.advance(TOKEN_RETENTION_SECONDS);
    // Token traffic: each issue and revoke writes; past 4 KiB of changes the store prunes.
    for (let round = 0; round < 10 && t.store.get('tokens', tokenIdOf(revoked.access)); round += 1) {
      const pair = await issue(t);
      await t.http.post('/v1/auth/token/revoke').set(bearer(pair.access)).send({ token: pair.refresh }).expect(200);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await answerTo(t, revoked.access)).toBe('invalid_token');
    expect(t.store.get('tokens', tokenIdOf(revoked.refresh))).toBeUndefined();
  });
});
