/**
 * Through startMock(): each tenant reads its own outcome coverage (`tenant.coverage()`), timed on its own clock; the
 * mock's client reads its own through `mock.admin.coverage(id)`, and `.clear(id)` starts it afresh; a deleted tenant's
 * coverage is gone with it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/index.ts';
import { startCheckedMock } from '../support/mock-helpers.ts';

let mock: Mock | undefined;
afterEach(async () => mock?.stop());

async function token(base: string, clientId: string, clientSecret: string): Promise<Response> {
  return fetch(`${base}/v1/auth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ client_id: clientId, client_secret: clientSecret }) });
}

const metIds = (coverage: { outcomes: Array<{ id: string; status: string }> }) => coverage.outcomes.filter((outcome) => outcome.status !== 'not-met').map((outcome) => outcome.id);

describe('coverage per tenant', () => {
  it('each tenant reads its own, on its clock', async () => {
    mock = await startCheckedMock();
    const a = await mock.admin.tenant({ clock: { frozenAt: '2026-05-01T08:00:00Z' } });
    const b = await mock.admin.tenant();
    await token(mock.url, a.credentials.clientId, a.credentials.clientSecret);
    await token(mock.url, b.credentials.clientId, 'wrong-secret');
    const coverageA = await a.coverage();
    expect(metIds(coverageA)).toEqual(['tokens.issue.200']);
    expect(coverageA.outcomes.find((outcome) => outcome.id === 'tokens.issue.200')?.metAt).toBe('2026-05-01T08:00:00.000Z');
    // A wrong secret only names the tenant: it is not counted to it.
    expect(metIds(await b.coverage())).toEqual([]);
    await token(mock.url, mock.credentials.clientId, mock.credentials.clientSecret);
    expect(metIds(await mock.admin.coverage(mock.credentials.clientId))).toEqual(['tokens.issue.200']);
    expect(await mock.admin.coverage.clear(mock.credentials.clientId)).toBe(1);
    expect((await mock.admin.coverage(mock.credentials.clientId)).counts.met).toBe(0);
    await a.delete();
    await expect(mock.admin.coverage(a.clientId)).rejects.toThrow(/404/);
  });
});
