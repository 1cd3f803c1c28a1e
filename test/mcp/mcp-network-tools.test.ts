/**
 * The MCP tools of network profiles (docs/mcp.md): apply one by name or whole, read it with its stage and the
 * profiles that can be applied, remove it; a refusal is the admin API's, as a tool error, nothing applied.
 */
import { describe, expect, it } from 'vitest';
import { mcpToolCall } from '../support/mcp-tool-call.ts';
import { createTestApp } from '../support/test-app.ts';

describe('the network profile tools', () => {
  it('apply_network_profile, network_profile and remove_network_profile mirror the admin route', async () => {
    const t = await createTestApp();
    const none = JSON.parse((await mcpToolCall(t, 'network_profile', {})).text) as { profile: unknown; available: Array<{ name: string }> };
    expect(none.profile).toBeNull();
    expect(none.available.map((profile) => profile.name)).toEqual(['flaky-mobile', 'lost-replies', 'outage-30s', 'slow-3g']);
    const applied = await mcpToolCall(t, 'apply_network_profile', { profile: 'outage-30s', seed: 11, forSeconds: 120 });
    expect(applied.isError).toBe(false);
    expect(JSON.parse(applied.text)).toMatchObject({ clientId: 'mock-client', profile: 'outage-30s', seed: 11, stage: { name: 'calm' } });
    expect(JSON.parse((await mcpToolCall(t, 'network_profile', {})).text)).toMatchObject({ profile: { profile: 'outage-30s', seed: 11 } });
    expect(JSON.parse((await mcpToolCall(t, 'remove_network_profile', {})).text)).toEqual({ removed: true });
    await t.http.get('/__admin/clients/mock-client/network-profile').expect(404);
  });

  it('an inline profile is judged by the route: rates over 1 together are a tool error naming the field, nothing applied', async () => {
    const t = await createTestApp();
    const inline = await mcpToolCall(t, 'apply_network_profile', { profile: { stages: [{ name: 'down', api: { loss: 1 } }] }, seed: 1 });
    expect(JSON.parse(inline.text)).toMatchObject({ profile: 'inline', stage: { name: 'down' } });
    await mcpToolCall(t, 'remove_network_profile', {});
    const refused = await mcpToolCall(t, 'apply_network_profile', { profile: { stages: [{ name: 'a', api: { loss: 0.8, timeout: 0.8 } }] } });
    expect(refused).toEqual({ isError: true, text: 'invalid_request: Parâmetros inválidos (profile.stages.0.api: perfil de rede recusado: loss, replyLost, timeout and slowBody together must not exceed 1)' });
    const unknown = await mcpToolCall(t, 'network_profile', { clientId: 'nobody' });
    expect(unknown).toEqual({ isError: true, text: 'not_found: Cliente desconhecido: nobody' });
    await t.http.get('/__admin/clients/mock-client/network-profile').expect(404);
  });
});
