/**
 * Scenario files: every built-in is valid, a bad file is refused naming the file, the field and the reason, a
 * user directory replaces built-ins of the same name, and the committed JSON Schema is the zod schema's.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenarioJsonSchema } from '../../src/scenarios/scenario-json-schema.ts';
import { loadScenarios, parseScenario, readScenarioDir } from '../../src/scenarios/scenario-library.ts';
import { BUILT_INS } from '../support/built-in-names.ts';


function dirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('scenario files', () => {
  it('ships the built-in scenarios, each valid and described', () => {
    const loaded = loadScenarios();
    expect(loaded.problems).toEqual([]);
    const names = loaded.scenarios.map((scenario) => scenario.name);
    for (const name of BUILT_INS) expect(names).toContain(name);
    for (const scenario of loaded.scenarios) {
      expect(scenario.source).toBe('built-in');
      expect(scenario.description?.length).toBeGreaterThan(10);
    }
  });

  it('names the file, the field and the reason of each problem', () => {
    const parsed = parseScenario('tokens:\n  ttlSeconds: -5\nrules:\n  - then: {}\n', '/x/bad.yaml');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: '/x/bad.yaml', field: 'tokens.ttlSeconds' }),
        expect.objectContaining({ file: '/x/bad.yaml', field: 'rules.0.then', reason: 'name at least one effect' }),
      ]),
    );
  });

  it('refuses unknown fields, a bad trigger, a malformed file and a name that is not one', () => {
    const problemsOf = (text: string, file = 'a.yaml') => {
      const parsed = parseScenario(text, file);
      return parsed.ok ? [] : parsed.problems.map((problem) => problem.field);
    };
    expect(problemsOf('colour: red')).toEqual(['(root)']);
    expect(problemsOf('orders:\n  progression:\n    - { status: PAID, after: { hours: 1 } }')).toEqual(['orders.progression.0.after']);
    expect(problemsOf('rules:\n  - when: { every: 0 }\n    then: { drop: true }')).toEqual(['rules.0.when.every']);
    expect(problemsOf('rules: [', 'broken.yaml')).toEqual(['(file)']);
    expect(problemsOf('{"rules": 1}', 'a.json')).toEqual(['rules']);
    expect(problemsOf('description: x', 'Bad Name.yaml')).toEqual(['name']);
    expect(problemsOf('rules:\n  - then: { respond: { error: NO_SUCH_CODE } }')).toEqual(['rules.0.then.respond.error']);
  });

  it('names a scenario after its file unless it says otherwise', () => {
    const parsed = parseScenario('description: quiet', '/x/my-case.yml');
    expect(parsed.ok && parsed.scenario.name).toBe('my-case');
  });

  it("loads a user directory over the built-ins, and refuses two files of one name", () => {
    const dir = dirWith({
      'token-expiry.yaml': 'description: ten-second tokens\ntokens: { ttlSeconds: 10 }\n',
      'mine.json': '{"description": "mine", "rateLimit": {"limit": 2}}',
      'also-mine.yaml': 'name: mine\n',
      'notes.txt': 'not a scenario',
    });
    const loaded = loadScenarios(dir);
    const expiry = loaded.scenarios.find((scenario) => scenario.name === 'token-expiry');
    expect(expiry?.tokens?.ttlSeconds).toBe(10);
    expect(expiry?.source).toBe(join(dir, 'token-expiry.yaml'));
    expect(loaded.problems).toEqual([
      { file: join(dir, 'mine.json'), field: 'name', reason: `scenario mine is already defined by ${join(dir, 'also-mine.yaml')}` },
    ]);
    expect(readScenarioDir(join(dir, 'missing')).problems[0]?.reason).toBe('not found (no such file or directory) [ENOENT]');
  });

  it('commits scenarios/scenario.schema.json as generated from the zod schema (npm run scenario-schema)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../scenarios/scenario.schema.json', import.meta.url), 'utf8')) as unknown;
    expect(committed).toEqual(scenarioJsonSchema());
  });
});
