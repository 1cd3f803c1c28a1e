/** `mock.admin.tenant()` against a started mock: the handle's clock is the tenant's alone, and delete() ends it. */
import { afterEach, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/index.ts';
import { startCheckedMock } from '../support/mock-helpers.ts';

let mock: Mock | undefined;
afterEach(async () => mock?.stop());

async function token(base: string, clientId: string, clientSecret: string): Promise<string> {
  const answer = await fetch(`${base}/v1/auth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ client_id: clientId, client_secret: clientSecret }) });
  return ((await answer.json()) as { data: { access_token: string } }).data.access_token;
}

const status = async (base: string, bearer: string) => (await fetch(`${base}/v1/products`, { headers: { Authorization: `Bearer ${bearer}` } })).status;

describe('mock.admin.tenant()', () => {
  it('moves only the tenant\'s time; delete() removes it', async () => {
    mock = await startCheckedMock();
    const tenant = await mock.admin.tenant({ clock: { frozenAt: '2026-05-01T08:00:00Z' } });
    const mine = await token(mock.url, tenant.credentials.clientId, tenant.credentials.clientSecret);
    const theirs = await token(mock.url, mock.credentials.clientId, mock.credentials.clientSecret);
    expect(await tenant.clock.advance(3700)).toMatchObject({ own: true, now: '2026-05-01T09:01:40.000Z' });
    expect(await status(mock.url, mine)).toBe(401);
    expect(await status(mock.url, theirs)).toBe(200);
    // Its token request and its read: the journal the handle reads is the tenant's own.
    expect(await tenant.requests.count()).toBe(2);
    expect(await tenant.delete()).toMatchObject({ clientId: tenant.clientId, deleted: true });
    expect((await mock.admin.clock.get()).clientsWithOwnClock).toEqual([]);
  });
});
