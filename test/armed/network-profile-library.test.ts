/**
 * Network profile files (docs/network-failures.md#profiles): the four built-ins are valid and described, a user
 * scenarios folder's `profiles/` replaces a built-in of the same name, a bad file is refused naming the file, the
 * field and the reason, and the committed JSON Schema is the zod schema's.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { profileJsonSchema } from '../../src/armed/network-profile-json-schema.ts';
import { loadProfileLibrary, profileOf } from '../../src/armed/network-profile-library.ts';

function scenariosDirWith(profiles: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
  mkdirSync(join(dir, 'profiles'));
  for (const [name, text] of Object.entries(profiles)) writeFileSync(join(dir, 'profiles', name), text);
  return dir;
}

const fieldsOf = (input: unknown) => {
  const parsed = profileOf(input, 'x', 'test');
  return parsed.ok ? [] : parsed.problems.map((problem) => `${problem.field}: ${problem.reason}`);
};

describe('network profile files', () => {
  it('ships slow-3g, flaky-mobile, outage-30s and lost-replies, each valid and described', () => {
    const loaded = loadProfileLibrary();
    if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
    expect(loaded.library.list().map((profile) => profile.name)).toEqual(['flaky-mobile', 'lost-replies', 'outage-30s', 'slow-3g']);
    for (const profile of loaded.library.list()) {
      expect(profile.source).toBe('built-in');
      expect(profile.description?.length).toBeGreaterThan(20);
    }
    expect(loaded.library.get('outage-30s')?.stages.map((stage) => stage.name)).toEqual(['calm', 'degraded', 'outage', 'recovery']);
    for (const name of ['__proto__', 'constructor', 'toString']) expect(loaded.library.get(name), name).toBeUndefined();
  });

  it("loads a scenarios folder's profiles/ over the built-ins (YAML or JSON), named after the file", () => {
    const dir = scenariosDirWith({
      'flaky-mobile.yaml': 'description: my own flaky\nstages:\n  - { name: mine, api: { loss: 0.5 } }\n',
      'shop-wifi.json': '{"stages": [{"name": "ok", "api": {"latencyMs": {"fixedMs": 5}}}]}',
      'profile.schema.json': '{}',
    });
    const loaded = loadProfileLibrary(dir);
    if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
    expect(loaded.library.get('flaky-mobile')).toMatchObject({ description: 'my own flaky', source: join(dir, 'profiles', 'flaky-mobile.yaml') });
    expect(loaded.library.get('shop-wifi')?.stages[0]?.api.latencyMs).toEqual({ fixedMs: 5 });
    expect(loaded.library.get('slow-3g')?.source).toBe('built-in');
  });

  it('refuses a bad file naming the file, the field and the reason', () => {
    const dir = scenariosDirWith({ 'bad.yaml': 'stages:\n  - { name: a, api: { loss: 2 } }\n', 'broken.json': '{' });
    const loaded = loadProfileLibrary(dir);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.problems).toEqual(
      expect.arrayContaining([
        `${join(dir, 'profiles', 'bad.yaml')}: stages.0.api.loss: Too big: expected number to be <=1`,
        expect.stringMatching(/broken\.json: \(file\): not valid JSON/),
      ]),
    );
  });

  it('holds each rule of a profile: rates 0..1 that sum to 1 at most, forSeconds on all stages but the last, distinct stage names, bounded ramps', () => {
    expect(fieldsOf({ stages: [{ name: 'a', api: { loss: 0.6, replyLost: 0.5 } }] })).toEqual(['stages.0.api: loss, replyLost, timeout and slowBody together must not exceed 1']);
    expect(fieldsOf({ stages: [{ name: 'a', api: { timeout: -0.1 } }] })).toHaveLength(1);
    expect(fieldsOf({ stages: [{ name: 'a', api: {} }, { name: 'b', api: {} }] })).toEqual(['stages: every stage but the last needs forSeconds']);
    expect(fieldsOf({ stages: [{ name: 'a', forSeconds: 1, api: {} }, { name: 'a', api: {} }] })).toEqual(['stages: stage names must differ']);
    expect(fieldsOf({ stages: Array.from({ length: 21 }, (_, index) => ({ name: `s${index}`, forSeconds: 1, api: {} })) })).toHaveLength(1);
    expect(fieldsOf({ stages: [{ name: 'a', forSeconds: -1, api: {} }] })).toHaveLength(1);
    expect(fieldsOf({ stages: [{ name: 'a', api: { latencyMs: { minMs: 9, maxMs: 3 } } }] })).toHaveLength(1);
    expect(fieldsOf({ stages: [{ name: 'a', api: {} }], colour: 'red' })).toHaveLength(1);
    expect(fieldsOf({ name: '__proto__', stages: [{ name: 'a', api: {} }] })).toHaveLength(1);
    expect(fieldsOf({ stages: [{ name: 'a', forSeconds: 30, api: { latencyMs: { meanMs: 100, stdDevMs: 20 }, loss: 0.5, slowBody: 0.5 } }] })).toEqual([]);
  });

  it("docs/network-failures.md's example file is a valid profile", () => {
    const page = readFileSync(new URL('../../docs/network-failures.md', import.meta.url), 'utf8');
    const example = /```yaml\n# scenarios\/profiles\/shop-wifi\.yaml\n([\s\S]*?)```/.exec(page)?.[1] ?? '';
    const parsed = profileOf(parse(example), 'shop-wifi', 'docs');
    expect(parsed.ok && parsed.profile.stages.map((stage) => stage.name)).toEqual(['calm', 'dropout', 'back']);
  });

  it('commits scenarios/profiles/profile.schema.json as generated from the zod schema (npm run scenario-schema)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../scenarios/profiles/profile.schema.json', import.meta.url), 'utf8')) as unknown;
    expect(committed).toEqual(profileJsonSchema());
  });
});
