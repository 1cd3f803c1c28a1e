/**
 * The MCP server at `/__admin/mcp`, as the SDK's own client sees it over Streamable HTTP: its tools and documents,
 * a tool that arms an outcome for a client, the armed list and a read tool, each answer checked against
 * spec/admin.yaml like every other; and end to end, as an agent and an integration meet: the agent arms
 * payer.INSUFFICIENT_BALANCE, the integration's next order fails on its third poll (the default progression would
 * pay it), and the order's story, read through the tool, names the payer's reason.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { orderStatus, placeOrder, startCheckedMock, tokenFor } from '../support/mock-helpers.ts';
import { callTool, mcpClient } from '../support/mcp-support.ts';

let mock: Mock | undefined;
afterEach(async () => {
  await mock?.stop();
  mock = undefined;
});

describe('the MCP server over Streamable HTTP', () => {
  it('lists its tools, each described with an input schema and hints, and its documents', async () => {
    mock = await startCheckedMock();
    const client = await mcpClient(mock);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['world_status', 'outcome_coverage', 'audit_integration', 'arm_outcome', 'list_armed_outcomes', 'disarm_outcomes', 'order_story', 'reset']));
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(typeof tool.annotations?.readOnlyHint, tool.name).toBe('boolean');
    }
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(['commerce-mock://docs/outcomes.md', 'commerce-mock://docs/payer-outcomes.md', 'commerce-mock://spec/openapi.yaml']);
    const outcomes = await client.readResource({ uri: 'commerce-mock://docs/outcomes.md' });
    expect(JSON.stringify(outcomes.contents)).toContain('payer.INSUFFICIENT_BALANCE');
    await client.close();
  });

  it('arms payer.INSUFFICIENT_BALANCE for the client, and the armed list and the world status show it', async () => {
    mock = await startCheckedMock();
    const client = await mcpClient(mock);
    const armed = await callTool(client, 'arm_outcome', { outcome: 'payer.INSUFFICIENT_BALANCE' });
    expect(armed.isError).toBe(false);
    expect(armed.value).toMatchObject({ clientId: 'mock-client', outcome: 'payer.INSUFFICIENT_BALANCE', times: 1, remaining: 1 });
    const listed = await callTool(client, 'list_armed_outcomes');
    expect(listed.value).toEqual([expect.objectContaining({ outcome: 'payer.INSUFFICIENT_BALANCE', remaining: 1 })]);
    const status = await callTool(client, 'world_status');
    expect(status.value).toMatchObject({ clientId: 'mock-client', armedOutcomes: [{ outcome: 'payer.INSUFFICIENT_BALANCE', remaining: 1 }] });
    expect(await mock.admin.health()).toMatchObject({ status: 'ok' });
    await client.close();
  });

  it('a refused admin call is a tool result with isError, the admin error code and message', async () => {
    mock = await startCheckedMock();
    const client = await mcpClient(mock);
    const unarmable = await callTool(client, 'arm_outcome', { outcome: 'no.such.outcome' });
    expect(unarmable.isError).toBe(true);
    expect(unarmable.text).toMatch(/^invalid_request: Resultado desconhecido: no\.such\.outcome/);
    const unknownClient = await callTool(client, 'world_status', { clientId: 'nobody' });
    expect(unknownClient).toMatchObject({ isError: true, text: expect.stringMatching(/^not_found: /) });
    await client.close();
  });
});

describe('an outcome armed by the MCP tool meets the next order', () => {
  it('payer.INSUFFICIENT_BALANCE: the order fails on its third poll, and its story through the tool names the reason', async () => {
    mock = await startCheckedMock();
    const client = await mcpClient(mock);
    expect((await callTool(client, 'arm_outcome', { outcome: 'payer.INSUFFICIENT_BALANCE' })).isError).toBe(false);
    const token = await tokenFor(mock);
    const orderId = await placeOrder(mock, token);
    const statuses = [];
    for (let poll = 0; poll < 3; poll += 1) statuses.push(await orderStatus(mock, token, orderId));
    expect(statuses).toEqual(['PENDING', 'PENDING', 'FAILED']);
    const story = await callTool(client, 'order_story', { orderId });
    expect(story.isError).toBe(false);
    expect(story.value).toMatchObject({ orderId, clientId: 'mock-client', status: 'FAILED', failureReason: { code: 'INSUFFICIENT_BALANCE' } });
    const entries = (story.value as { entries: Array<{ kind: string; status?: string }> }).entries;
    expect(entries).toContainEqual(expect.objectContaining({ kind: 'status_change', status: 'FAILED' }));
    expect((await callTool(client, 'list_armed_outcomes')).value).toEqual([expect.objectContaining({ outcome: 'payer.INSUFFICIENT_BALANCE', remaining: 0, fired: 1 })]);
    await client.close();
  });
});
