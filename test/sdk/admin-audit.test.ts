/**
 * The SDK's `mock.admin.audit()`: the default client's audit with no argument, another client's by id, the severity
 * filter, and an unknown client refused as an AdminError 404 `not_found`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminError } from '../../src/admin-http/admin-error.ts';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { startCheckedMock, tokenFor } from '../support/mock-helpers.ts';

let mock: Mock;
beforeAll(async () => {
  mock = await startCheckedMock({ logLevel: 'silent' });
});
afterAll(() => mock.stop());

describe('mock.admin.audit()', () => {
  it('reads the default client with no argument, filters by severity, refuses an unknown client', async () => {
    for (let call = 0; call < 4; call += 1) await tokenFor(mock);
    const audit = await mock.admin.audit();
    expect(audit.clientId).toBe('mock-client');
    expect(audit.findings.map((finding) => finding.id)).toEqual(['token.churn']);
    expect((await mock.admin.audit('mock-client', { severity: 'error' })).findings).toEqual(audit.findings);
    expect((await mock.admin.audit('mock-client', { severity: 'error' })).counts).toEqual({ error: 1, warning: 0, info: 0 });
    expect((await mock.admin.audit('inactive-client')).findings).toEqual([]);
    const refused = await mock.admin.audit('no-such-shop').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AdminError);
    expect([(refused as AdminError).status, ((refused as AdminError).body as { error: string }).error]).toEqual([404, 'not_found']);
  });
});
