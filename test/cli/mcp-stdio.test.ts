/**
 * `commerce-mock mcp --url <mock>`, as a coding agent launches it: the SDK's own client over stdio lists the tools,
 * arms an outcome for the client on the running mock, reads the armed list and the world status back; its
 * standard output carries the protocol alone, and the admin token reaches neither output.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { startCheckedMock } from '../support/mock-helpers.ts';
import { callTool } from '../support/mcp-support.ts';
import { BIN } from '../support/cli.ts';

const ADMIN_TOKEN = 'stdio-admin-token-1234';

let mock: Mock | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  await mock?.stop();
  client = undefined;
  mock = undefined;
});

async function connect(args: string[]): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', ...args], stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const connected = new Client({ name: 'commerce-mock-test', version: '1.0.0' });
  await connected.connect(transport);
  return { client: connected, stderr: () => stderr };
}

describe('commerce-mock mcp (stdio)', () => {
  it('lists the tools, arms payer.INSUFFICIENT_BALANCE on the running mock, and reads it back', async () => {
    mock = await startCheckedMock();
    const connected = await connect(['--url', mock.url]);
    client = connected.client;
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['world_status', 'arm_outcome', 'list_armed_outcomes']));
    const armed = await callTool(client, 'arm_outcome', { outcome: 'payer.INSUFFICIENT_BALANCE' });
    expect(armed).toMatchObject({ isError: false, value: { clientId: 'mock-client', outcome: 'payer.INSUFFICIENT_BALANCE' } });
    expect((await callTool(client, 'list_armed_outcomes')).value).toEqual([expect.objectContaining({ outcome: 'payer.INSUFFICIENT_BALANCE', remaining: 1 })]);
    expect((await callTool(client, 'world_status')).value).toMatchObject({ clientId: 'mock-client', armedOutcomes: [{ outcome: 'payer.INSUFFICIENT_BALANCE' }] });
    expect(connected.stderr()).toBe('');
  });

  it('calls a mock on a non-loopback host with --admin-token, and never prints the token', async () => {
    mock = await startCheckedMock({ host: '0.0.0.0', adminToken: ADMIN_TOKEN });
    const url = mock.url.replace('0.0.0.0', '127.0.0.1');
    const refused = await connect(['--url', url]);
    client = refused.client;
    expect(await callTool(client, 'list_armed_outcomes')).toMatchObject({ isError: true, text: expect.stringMatching(/^invalid_token: /) });
    await client.close();
    const allowed = await connect(['--url', url, '--admin-token', ADMIN_TOKEN]);
    client = allowed.client;
    const armed = await callTool(client, 'arm_outcome', { outcome: 'payer.INSUFFICIENT_BALANCE' });
    expect(armed.isError).toBe(false);
    expect(armed.text).not.toContain(ADMIN_TOKEN);
    expect(allowed.stderr()).not.toContain(ADMIN_TOKEN);
  });

  it('a clientId that is a dot segment moves no clock, and never the global one', async () => {
    mock = await startCheckedMock();
    await mock.admin.clock.freeze();
    const before = (await mock.admin.clock.get()).now;
    const connected = await connect(['--url', mock.url]);
    client = connected.client;
    for (const clientId of ['..', '.', '%2e%2e', '../../clients']) {
      expect((await callTool(client, 'move_clock', { clientId, seconds: 86_400 })).isError, clientId).toBe(true);
      expect((await callTool(client, 'run_until_idle', { clientId, maxSeconds: 86_400 })).isError, clientId).toBe(true);
    }
    expect(await mock.admin.clock.get()).toMatchObject({ now: before, clientsWithOwnClock: [] });
  });
});
