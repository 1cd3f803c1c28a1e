/**
 * A request the mock sends itself, in process (an MCP tool's `trigger_webhook` places and moves an order through the
 * API's own stages), has no connection for a network failure to act on: it is answered as usual and leaves the arm
 * for the client's own next request, which meets it on its real socket.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { receiversClosedAfterEach, until } from '../support/webhook-receiver.ts';
import { ORDER_BODY, startCheckedMock, tokenFor } from '../support/mock-helpers.ts';

const receiver = receiversClosedAfterEach();
const started: Mock[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((mock) => mock.stop()));
});

/** One MCP tool called through the admin endpoint: its result's text, and whether it is an error. */
async function callTool(mock: Mock, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; text: string }> {
  const response = await fetch(`${mock.url}/__admin/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    signal: AbortSignal.timeout(10_000),
  });
  const { result } = (await response.json()) as { result: { isError?: boolean; content: Array<{ text: string }> } };
  return { isError: result.isError === true, text: result.content.map(({ text }) => text).join('') };
}

describe('a request sent in process meets no network failure', () => {
  it.each(['network.reply-lost', 'network.reset', 'network.timeout-before-commit'] as const)(
    '%s armed for the next request: the MCP trigger is answered as usual, the arm waits for the client’s own request',
    async (outcome) => {
      const hooks = await receiver();
      const mock = await startCheckedMock({ seedData: 'none', timeouts: { heldAnswerSeconds: 0.2 } });
      started.push(mock);
      await mock.admin.clients.setWebhook('mock-client', { url: hooks.url, secret: 'whsec_in_process_test' });
      await mock.admin.outcomes.arm(outcome);

      const tool = await callTool(mock, 'trigger_webhook', { clientId: 'mock-client', event: 'order.paid' });
      expect(tool.isError, tool.text).toBe(false);
      await until(() => hooks.received.some((one) => one.body.type === 'order.status_changed'), 'the triggered webhook', 5000);
      const inProcess = await mock.admin.requests.list({ clientId: 'mock-client' });
      expect(inProcess.length).toBeGreaterThan(0);
      expect(inProcess.filter((entry) => entry.network !== undefined || entry.armed !== undefined)).toEqual([]);
      const [arm] = await mock.admin.outcomes.armed();
      expect(arm).toMatchObject({ outcome, remaining: 1, fired: 0 });

      // The client's own request, on a socket: it meets the arm.
      const token = await tokenFor(mock).catch((error: unknown) => error as Error);
      expect(token).toBeInstanceOf(Error);
      expect((await mock.admin.outcomes.armed())[0]).toMatchObject({ outcome, remaining: 0, fired: 1 });
      const placed = await fetch(`${mock.url}/v1/orders`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await tokenFor(mock)}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(ORDER_BODY),
      });
      expect(placed.status).toBe(201);
    },
  );

  it('a network profile that resets every connection: the MCP trigger is answered as usual, the client’s own request is reset', async () => {
    const hooks = await receiver();
    const mock = await startCheckedMock({ seedData: 'none' });
    started.push(mock);
    await mock.admin.clients.setWebhook('mock-client', { url: hooks.url, secret: 'whsec_in_process_test' });
    const token = await tokenFor(mock);
    await mock.admin.network.apply({ name: 'down', stages: [{ name: 'out', api: { loss: 1 } }] }, { seed: 1 });

    const tool = await callTool(mock, 'trigger_webhook', { clientId: 'mock-client', event: 'order.paid' });
    expect(tool.isError, tool.text).toBe(false);
    await until(() => hooks.received.some((one) => one.body.type === 'order.status_changed'), 'the triggered webhook', 5000);
    expect((await mock.admin.requests.list({ clientId: 'mock-client' })).filter((entry) => entry.network !== undefined || entry.profile !== undefined)).toEqual([]);

    const own = await fetch(`${mock.url}/v1/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(ORDER_BODY),
    }).catch((error: unknown) => error as Error);
    expect(own).toBeInstanceOf(Error);
  });
});
