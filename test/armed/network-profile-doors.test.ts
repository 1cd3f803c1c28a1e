/**
 * A profile given whole meets one rule whatever the door: the admin route and the MCP tool refuse it (400
 * invalid_request, nothing applied) and a file of the scenarios folder's `profiles/` is refused at load, naming the
 * file and the field, for the same profiles; and each door takes the same good one.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProfileLibrary } from '../../src/armed/network-profile-library.ts';
import { mcpToolCall as callTool } from '../support/mcp-tool-call.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const ROUTE = '/__admin/clients/mock-client/network-profile';
const stage = (api: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ name: 'one', api, ...extra });

/** Each with the field its problem names. */
const REFUSED: Array<[string, string, Record<string, unknown>]> = [
  ['a rate over 1', 'stages.0.api.loss', { stages: [stage({ loss: 1.5 })] }],
  ['rates that sum past 1', 'stages.0.api', { stages: [stage({ loss: 0.6, replyLost: 0.3, timeout: 0.2 })] }],
  ['a stage but the last without forSeconds', 'stages', { stages: [stage({}), { name: 'two', api: {} }] }],
  ['two stages of one name', 'stages', { stages: [stage({}, { forSeconds: 1 }), stage({})] }],
  ['a range whose minimum passes its maximum', 'stages.0.api.latencyMs', { stages: [stage({ latencyMs: { minMs: 50, maxMs: 10 } })] }],
  ['webhooks rates that sum past 1', 'stages.0.webhooks', { stages: [stage({}, { webhooks: { connectDelay: 0.6, resetMidBody: 0.5 } })] }],
  ['an unknown leg', 'stages.0', { stages: [stage({}, { sms: { slow: 1 } })] }],
  ['an empty ramp', 'stages', { stages: [] }],
];
const TAKEN = { stages: [{ name: 'calm', forSeconds: 5, api: {} }, { name: 'down', api: { loss: 0.5, replyLost: 0.25 }, webhooks: { connectDelay: 0.5 }, checkout: { slow: 0.5 } }] };

async function applied(t: TestApp): Promise<number> {
  return (await t.http.get(ROUTE)).status;
}

function fromFile(profile: Record<string, unknown>): ReturnType<typeof loadProfileLibrary> {
  const dir = mkdtempSync(join(tmpdir(), 'profile-door-'));
  mkdirSync(join(dir, 'profiles'));
  writeFileSync(join(dir, 'profiles', 'mine.json'), JSON.stringify(profile));
  return loadProfileLibrary(dir);
}

describe('a profile given whole, at every door', () => {
  it.each(REFUSED)('%s: the route and MCP answer invalid_request and apply nothing; its file is refused naming %s', async (_what, field, profile) => {
    const t = await createTestApp();
    const route = await t.http.put(ROUTE).send({ profile });
    expect([route.status, route.body.error]).toEqual([400, 'invalid_request']);
    const tool = await callTool(t, 'apply_network_profile', { clientId: 'mock-client', profile });
    expect(tool.isError).toBe(true);
    expect(tool.text).toMatch(/^invalid_request: /);
    expect(await applied(t)).toBe(404);

    const file = fromFile(profile);
    expect(file.ok).toBe(false);
    const problems = file.ok ? [] : file.problems;
    expect(problems.every((problem) => problem.includes('mine.json: '))).toBe(true);
    expect(problems.some((problem) => problem.includes(`mine.json: ${field}: `))).toBe(true);
  });

  it('the same good profile is taken by each', async () => {
    const t = await createTestApp();
    expect((await t.http.put(ROUTE).send({ profile: TAKEN, seed: 1 }).expect(200)).body.data).toMatchObject({ profile: 'inline', stages: TAKEN.stages });
    const other = await createTestApp();
    const tool = await callTool(other, 'apply_network_profile', { clientId: 'mock-client', profile: TAKEN, seed: 1 });
    expect(tool.isError).toBeFalsy();
    expect(await applied(other)).toBe(200);
    const file = fromFile(TAKEN);
    expect(file.ok && file.library.get('mine')?.stages).toEqual(TAKEN.stages);
  });
});
