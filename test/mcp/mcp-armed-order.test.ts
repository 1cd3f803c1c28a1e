/**
 * End to end, as an agent and an integration meet: the agent arms payer.INSUFFICIENT_BALANCE through the MCP tool,
 * the integration places an order through the API and polls its status (the default progression pays on the third
 * poll; the armed outcome fails it instead), and the order's story, read through the tool, names the payer's reason.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { orderStatus, placeOrder, startCheckedMock, tokenFor } from '../support/mock-helpers.ts';
import { callTool, mcpClient } from './mcp-support.ts';

let mock: Mock | undefined;
afterEach(async () => {
  await mock?.stop();
  mock = undefined;
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
