/**
 * A client id is an id, never a path: a tool called with `clientId` `..` (or `.`, `%2e%2e`, `../../clients`,
 * `__proto__`) acts on no client's clock, and never on the global one, which only `global: true` moves. Over
 * Streamable HTTP (the SDK's client against a started mock) and through the mock's own endpoint in process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { startCheckedMock } from '../support/mock-helpers.ts';
import { callTool, mcpClient } from '../support/mcp-support.ts';

const HOSTILE_IDS = ['..', '.', '%2e%2e', '%2E%2E', '../../clients', '../clock', '__proto__', 'constructor'];

describe('MCP tools given a client id that is a path', () => {
  let mock: Mock;
  let client: Client;
  beforeAll(async () => {
    mock = await startCheckedMock();
    await mock.admin.clock.freeze();
    client = await mcpClient(mock);
  });
  afterAll(async () => {
    await client.close();
    await mock.stop();
  });

  // What a move changes: the instant (a frozen clock's offset from real time drifts by itself) and who owns a clock.
  const globalClock = async () => {
    const { now, clientsWithOwnClock } = await mock.admin.clock.get();
    return { now, clientsWithOwnClock };
  };

  it.each(HOSTILE_IDS)('move_clock and run_until_idle with clientId %j are refused; the global clock stays', async (clientId) => {
    const before = await globalClock();
    for (const [tool, args] of [
      ['move_clock', { clientId, seconds: 86_400 }],
      ['move_clock', { clientId, at: '2031-01-01T00:00:00Z' }],
      ['run_until_idle', { clientId, maxSeconds: 86_400 }],
    ] as const) {
      const answer = await callTool(client, tool, args);
      expect([tool, answer.isError], answer.text).toEqual([tool, true]);
      expect(answer.text).toMatch(/invalid_request|not_found/);
    }
    expect(await globalClock()).toEqual(before);
    expect(before.clientsWithOwnClock).toEqual([]);
  });

  it('`..` is refused before any request, naming the parameter', async () => {
    const answer = await callTool(client, 'move_clock', { clientId: '..', seconds: 60 });
    expect(answer.text).toContain('invalid_request: Parâmetros inválidos (client_id: não pode ser "." nem ".."');
  });

  it('the global clock still moves with global: true', async () => {
    const before = await globalClock();
    expect((await callTool(client, 'move_clock', { global: true, seconds: 60 })).isError).toBe(false);
    expect(Date.parse((await globalClock()).now) - Date.parse(before.now)).toBe(60_000);
  });
});

describe("the mock's own MCP endpoint, in process", () => {
  it.each(['..', '.', '%2e%2e'])('move_clock with clientId %j leaves the global clock where it was', async (clientId) => {
    const mock = await startCheckedMock();
    try {
      await mock.admin.clock.freeze();
      const before = (await mock.admin.clock.get()).now;
      const response = await fetch(`${mock.url}/__admin/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'move_clock', arguments: { clientId, seconds: 86_400 } } }),
      });
      const result = ((await response.json()) as { result: { isError?: boolean } }).result;
      expect(result.isError).toBe(true);
      expect((await mock.admin.clock.get()).now).toBe(before);
    } finally {
      await mock.stop();
    }
  });
});
