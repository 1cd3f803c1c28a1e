/**
 * The MCP tool `audit_integration`: a coding agent reads the same findings the admin API, the SDK and the CLI give,
 * for the client it names (a tenant's, never another's), filtered by severity; a client the mock does not know is a
 * tool error naming it, not a protocol error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { startCheckedMock } from '../support/mock-helpers.ts';
import { callTool, mcpClient } from '../support/mcp-support.ts';
import { auditTenant } from '../support/audit-clients.ts';

let mock: Mock;
beforeAll(async () => {
  mock = await startCheckedMock({ logLevel: 'silent' });
});
afterAll(() => mock.stop());

describe('audit_integration', () => {
  it('answers the audit the admin API answers, and keeps the findings at the severity asked or above', async () => {
    const shop = await auditTenant(mock);
    const token = await shop.token();
    for (let call = 0; call < 4; call += 1) await shop.token();
    const orderId = (await shop.send('POST', '/v1/orders', { token, body: { customer: { name: 'Ana', phone: '+258 84 000 0007' }, items: [{ name: 'Caju', price: 120, quantity: 1 }] } })).body.data.id;
    for (let poll = 0; poll < 3; poll += 1) {
      await shop.wait(2);
      await shop.send('GET', `/v1/orders/${orderId}/status`, { token });
    }
    const noItems = { customer: { name: 'Ana', phone: '+258 84 000 0000' }, items: [] };
    for (let call = 0; call < 4; call += 1) await shop.send('POST', '/v1/orders', { token, body: noItems });
    const client = await mcpClient(mock);
    const all = await callTool(client, 'audit_integration', { clientId: shop.clientId });
    expect(all.isError).toBe(false);
    expect(all.value).toEqual(await shop.audit());
    expect((all.value as { findings: Array<{ id: string }> }).findings.map((finding) => finding.id)).toEqual(['token.churn', 'request.invalid-repeated']);
    const errors = await callTool(client, 'audit_integration', { clientId: shop.clientId, severity: 'error' });
    expect((errors.value as { findings: Array<{ id: string }> }).findings.map((finding) => finding.id)).toEqual(['token.churn']);
    const unknown = await callTool(client, 'audit_integration', { clientId: 'no-such-shop' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('not_found');
    await client.close();
  });
});
