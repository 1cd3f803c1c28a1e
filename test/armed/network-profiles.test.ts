/**
 * Network profiles for a whole run (docs/network-failures.md#profiles), through a mock listening on 127.0.0.1 port 0
 * and Node's fetch: a built-in profile's stated rates over 500 seeded requests, the same faults from the same seed, a
 * ramp that moves with the client's clock, a profile that touches its client alone, bounded holds, removal and expiry.
 * Every answer, the admin API's included, is checked against its document.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminSchemas } from '../../src/sdk/admin-client.ts';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { MAX_PROFILE_HOLDS } from '../../src/armed/network-profiles.ts';
import { startCheckedMock, tokenFor } from '../support/mock-helpers.ts';

const started: Mock[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((mock) => mock.stop()));
});

async function mockWith(heldAnswerSeconds = 0.01): Promise<{ mock: Mock; token: string }> {
  const mock = await startCheckedMock({ seedData: 'none', timeouts: { heldAnswerSeconds }, rateLimit: { enabled: false } });
  started.push(mock);
  return { mock, token: await tokenFor(mock) };
}

/** A GET of the order list as a client makes it: its status, or the code of the failure fetch rejected with. */
async function listOrders(mock: Mock, token: string): Promise<number | string> {
  try {
    const answer = await fetch(`${mock.url}/v1/orders?limit=1`, { headers: { Authorization: `Bearer ${token}` } });
    await answer.arrayBuffer();
    return answer.status;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as Error).name;
  }
}

type Entry = AdminSchemas['JournalEntry'];
/** The client's order lists in the journal, oldest first. */
const journal = async (mock: Mock, clientId = 'mock-client'): Promise<Entry[]> =>
  (await mock.admin.requests.list({ clientId, operationId: 'listOrders', limit: 1000 })).reverse();
const fates = (entries: readonly Entry[]) => entries.map((entry) => entry.network ?? 'none');

const FLAKY = JSON.parse(readFileSync('scenarios/profiles/flaky-mobile.json', 'utf8')) as { stages: [{ api: Record<string, number> }] };
/** How far an observed share may be from the profile's stated rate over 500 requests (about three standard deviations at 5%). */
const TOLERANCE = 0.03;

describe('network profiles', () => {
  it('flaky-mobile over 500 seeded requests: its stated rates within ±0.03, and the same seed gives the same faults', async () => {
    const runs: string[][] = [];
    for (const run of [1, 2]) {
      const { mock, token } = await mockWith();
      const applied = await mock.admin.network.apply('flaky-mobile', { seed: 42 });
      expect(applied).toMatchObject({ profile: 'flaky-mobile', seed: 42, stage: { name: 'flaky', index: 0 }, source: 'built-in' });
      const seen: Array<number | string> = [];
      for (let request = 0; request < 500; request += 1) seen.push(await listOrders(mock, token));
      const entries = await journal(mock);
      expect(entries).toHaveLength(500);
      expect(new Set(entries.map((entry) => entry.profile))).toEqual(new Set(['flaky-mobile@flaky']));
      const share = (fate: string) => fates(entries).filter((one) => one === fate).length / 500;
      const { loss, replyLost, timeout, slowBody } = FLAKY.stages[0].api;
      expect(Math.abs(share('reset') - (loss ?? 0)), 'loss').toBeLessThanOrEqual(TOLERANCE);
      expect(Math.abs(share('reply_lost') - (replyLost ?? 0)), 'replyLost').toBeLessThanOrEqual(TOLERANCE);
      expect(Math.abs(share('trickled') - (slowBody ?? 0)), 'slowBody').toBeLessThanOrEqual(TOLERANCE);
      // What the client saw agrees: a reset or a lost answer is a failed fetch, every other request its 200.
      expect(seen.filter((status) => status === 200).length).toBe(500 - fates(entries).filter((fate) => fate === 'reset' || fate === 'reply_lost').length);
      const counted = await mock.admin.network.get();
      expect(counted.requests).toBe(500);
      expect(Math.abs(counted.faults.timeout / 500 - (timeout ?? 0)), 'timeout').toBeLessThanOrEqual(TOLERANCE);
      expect(counted.faults).toMatchObject({ reset: share('reset') * 500, replyLost: share('reply_lost') * 500, slowBody: share('trickled') * 500 });
      runs.push(fates(entries));
    }
    expect(runs[1]).toEqual(runs[0]);
  }, 60_000);

  it("a ramp moves from stage to stage as the client's clock advances, and the journal names each request's stage", async () => {
    const { mock, token } = await mockWith();
    const clock = mock.admin.clients.clock('mock-client');
    await clock.freeze();
    const applied = await mock.admin.network.apply('outage-30s', { seed: 1 });
    expect(applied.stage).toMatchObject({ name: 'calm', index: 0, startedAt: applied.appliedAt });
    expect(await listOrders(mock, token)).toBe(200);
    await clock.advance(12);
    expect((await mock.admin.network.get()).stage).toMatchObject({ name: 'degraded', index: 1 });
    await clock.advance(10);
    expect((await mock.admin.network.get()).stage).toMatchObject({ name: 'outage', index: 2 });
    expect(await listOrders(mock, token)).toBe('ECONNRESET');
    await clock.advance(30);
    const recovered = await mock.admin.network.get();
    expect(recovered.stage).toMatchObject({ name: 'recovery', index: 3 });
    expect(recovered.stage.endsAt).toBeUndefined();
    const entries = await journal(mock);
    expect(entries.map((entry) => [entry.profile, entry.network ?? 'none', entry.status])).toEqual([
      ['outage-30s@calm', 'none', 200],
      ['outage-30s@outage', 'reset', 0],
    ]);
  });

  it("a profile touches its own client's requests only: another client is answered as usual", async () => {
    const { mock, token } = await mockWith();
    await mock.admin.clients.create({ clientId: 'shop', clientSecret: 'shop-secret' });
    const shopToken = await tokenFor(mock, { clientId: 'shop', clientSecret: 'shop-secret' });
    await mock.admin.network.apply({ stages: [{ name: 'down', api: { loss: 1 } }] }, { clientId: 'shop', seed: 3 });
    expect(await listOrders(mock, shopToken)).toBe('ECONNRESET');
    for (let request = 0; request < 5; request += 1) expect(await listOrders(mock, token)).toBe(200);
    expect((await journal(mock)).map((entry) => entry.profile ?? 'none')).toEqual(Array(5).fill('none'));
    expect((await journal(mock, 'shop')).map((entry) => [entry.profile, entry.network])).toEqual([['inline@down', 'reset']]);
    await expect(mock.admin.network.get()).rejects.toMatchObject({ status: 404, body: { error: 'not_found' } });
  });

  it(`holds are bounded: past ${MAX_PROFILE_HOLDS} answers of one client held at once, the next are answered at once, and another client is not starved`, async () => {
    const { mock, token } = await mockWith(1);
    await mock.admin.clients.create({ clientId: 'shop', clientSecret: 'shop-secret' });
    const shopToken = await tokenFor(mock, { clientId: 'shop', clientSecret: 'shop-secret' });
    await mock.admin.network.apply({ stages: [{ name: 'stuck', api: { timeout: 1 } }] }, { clientId: 'shop', seed: 5 });
    const held = Array.from({ length: MAX_PROFILE_HOLDS + 8 }, () => listOrders(mock, shopToken));
    expect(await listOrders(mock, token)).toBe(200);
    expect(await Promise.all(held)).toEqual(Array(MAX_PROFILE_HOLDS + 8).fill(200));
    const shop = await journal(mock, 'shop');
    expect(fates(shop).filter((fate) => fate === 'held')).toHaveLength(MAX_PROFILE_HOLDS);
    expect(fates(shop).filter((fate) => fate === 'none')).toHaveLength(8);
    expect((await mock.admin.network.get('shop')).faults.timeout).toBe(MAX_PROFILE_HOLDS);
    expect((await journal(mock)).at(-1)).not.toHaveProperty('profile');
  });

  it('removing the profile ends it at once: the next request is answered as usual and nothing is left to read', async () => {
    const { mock, token } = await mockWith();
    await mock.admin.network.apply('lost-replies', { seed: 9 });
    expect(await mock.admin.network.remove()).toBe(true);
    expect(await mock.admin.network.remove()).toBe(false);
    expect(await listOrders(mock, token)).toBe(200);
    expect((await journal(mock)).at(-1)).not.toHaveProperty('profile');
    await expect(mock.admin.network.get()).rejects.toMatchObject({ status: 404, body: { error: 'not_found' } });
  });

  it("forSeconds ends the profile on the client's clock: met before, gone after", async () => {
    const { mock, token } = await mockWith();
    const clock = mock.admin.clients.clock('mock-client');
    await clock.freeze();
    const applied = await mock.admin.network.apply({ stages: [{ name: 'down', api: { loss: 1 } }] }, { seed: 2, forSeconds: 60 });
    expect(Date.parse(applied.until ?? '') - Date.parse(applied.appliedAt)).toBe(60_000);
    expect(await listOrders(mock, token)).toBe('ECONNRESET');
    await clock.advance(61);
    expect(await listOrders(mock, token)).toBe(200);
    expect((await journal(mock)).map((entry) => entry.profile ?? 'none')).toEqual(['inline@down', 'none']);
    await expect(mock.admin.network.get()).rejects.toMatchObject({ status: 404 });
  });

  it('an armed outcome takes precedence over the profile for the request it meets', async () => {
    const { mock, token } = await mockWith();
    await mock.admin.network.apply({ stages: [{ name: 'down', api: { loss: 1 } }] }, { seed: 2 });
    await mock.admin.outcomes.arm('server.503', { operation: 'listOrders' });
    expect(await listOrders(mock, token)).toBe(503);
    expect(await listOrders(mock, token)).toBe('ECONNRESET');
    expect((await journal(mock)).map((entry) => [entry.armed?.[0] ?? '-', entry.profile ?? '-'])).toEqual([
      ['server.503', '-'],
      ['-', 'inline@down'],
    ]);
  });

  it('a token leg applies to the token request alone: it is reset, the client\'s other requests are not', async () => {
    const { mock, token } = await mockWith();
    await mock.admin.network.apply({ stages: [{ name: 'auth-down', api: {}, token: { loss: 1 } }] }, { seed: 8 });
    await expect(tokenFor(mock)).rejects.toMatchObject({ cause: { code: 'ECONNRESET' } });
    expect(await listOrders(mock, token)).toBe(200);
    const tokens = await mock.admin.requests.list({ clientId: 'mock-client', operationId: 'issueToken', limit: 1 });
    expect(tokens[0]).toMatchObject({ profile: 'inline@auth-down', network: 'reset', status: 0 });
    expect((await journal(mock)).map((entry) => [entry.profile, entry.network ?? 'none'])).toEqual([['inline@auth-down', 'none']]);
  });
});
