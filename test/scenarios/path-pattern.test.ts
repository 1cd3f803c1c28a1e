/**
 * Path patterns match in time linear in the path: the inputs that froze the mock with the
 * regex-built matcher now answer at once, through the journal filter, a scenario rule and `scenarios validate`;
 * and the walk agrees with the former regex semantics on many small random cases.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededFractions } from '../../src/platform/random.ts';
import { MAX_PATTERN_SEGMENTS, pathPattern, pathPatternProblem } from '../../src/scenarios/path-pattern.ts';
import { runCli } from '../support/cli.ts';
import { createTestApp, withScenario } from '../support/test-app.ts';

const deepPattern = '/v1/**/**/**/**/**/**/**/**/x';
const segments = (count: number) => Array.from({ length: count }, (_, index) => `s${index}`).join('/');

describe('path patterns on hostile inputs', () => {
  it('`*a*a*b` against 3,000 characters, `**` eight times against 25 segments, `*a*a*a*b` against 1,200 a’s', () => {
    expect(pathPattern('/v1/*a*a*b').test(`/v1/${'a'.repeat(3000)}`)).toBe(false);
    expect(pathPattern('/v1/*a*a*b').test(`/v1/${'a'.repeat(3000)}b`)).toBe(true);
    expect(pathPattern(deepPattern).test(`/v1/${segments(25)}`)).toBe(false);
    expect(pathPattern(deepPattern).test(`/v1/${segments(25)}/x`)).toBe(true);
    expect(pathPattern('/v1/products/*a*a*a*b').test(`/v1/products/${'a'.repeat(1200)}`)).toBe(false);
    expect(pathPattern('/v1/**/*a*a*b').test(`/v1/${Array.from({ length: 400 }, () => 'a'.repeat(40)).join('/')}`)).toBe(false);
  });

  it('refuses a pattern not starting with /, longer than 300 characters or with more than 20 segments', () => {
    expect(pathPatternProblem('v1/orders')).toBe('must start with /');
    expect(pathPatternProblem(`/${'a'.repeat(300)}`)).toBe('at most 300 characters');
    expect(pathPatternProblem(`/${segments(MAX_PATTERN_SEGMENTS + 1)}`)).toBe('at most 20 segments (it has 21)');
    expect(pathPatternProblem(`/${segments(MAX_PATTERN_SEGMENTS)}`)).toBeUndefined();
    expect(pathPattern(`/${segments(21)}`).test(`/${segments(21)}`)).toBe(false);
  });
});

/** The former matcher, kept here as the oracle of the semantics (safe on these short inputs). */
function regexOracle(pattern: string): RegExp {
  let source = '';
  for (const segment of pattern.split('/').slice(1)) {
    const escaped = segment.split('*').map((text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
    source += segment === '**' ? '(?:/[^/]+)*' : `/${escaped.join('[^/]*')}`;
  }
  return new RegExp(`^${source}/?$`);
}

describe('path pattern semantics', () => {
  it('agrees with the former regex matcher on 5,000 random small patterns and paths', () => {
    const next = seededFractions(17);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const pathOf = (parts: readonly string[]) => `/${Array.from({ length: 1 + Math.floor(next() * 5) }, () => pick(parts)).join('/')}${next() < 0.2 ? '/' : ''}`;
    const disagreements: string[] = [];
    for (let run = 0; run < 5000; run += 1) {
      const pattern = pathOf(['**', '*', 'a*', '*b', 'a*b', 'ab', 'a', '', 'a.b', '*a*']);
      const path = pathOf(['a', 'b', 'ab', 'aab', 'ba', '', 'a.b', 'axb']);
      if (pathPattern(pattern).test(path) !== regexOracle(pattern).test(path)) disagreements.push(`${pattern} ~ ${path}`);
    }
    expect(disagreements).toEqual([]);
  });
});

describe('path patterns through the mock', () => {
  it('GET /__admin/requests?path=/v1/*a*a*b after a 3,000-character path answers, and so does the clock', async () => {
    const t = await createTestApp();
    await t.http.get(`/v1/${'a'.repeat(3000)}`).expect(404);
    const listed = await t.http.get('/__admin/requests').query({ path: '/v1/*a*a*b' }).expect(200);
    expect(listed.body).toEqual({ data: [], total: 0 });
    const counted = await t.http.get('/__admin/requests/count').query({ path: deepPattern }).expect(200);
    expect(counted.body.data).toEqual({ count: 0 });
    await t.http.get('/__admin/clock').expect(200);
  });

  it('GET /__admin/requests with a 21-segment pattern → 400 naming path (the document\'s pattern); one not starting with / too', async () => {
    const t = await createTestApp();
    const refused = await t.http.get('/__admin/requests').query({ path: `/${segments(21)}` }).expect(400);
    expect(refused.body).toMatchObject({ error: 'invalid_request', details: [{ path: 'path', message: 'formato inválido' }] });
    const counted = await t.http.get('/__admin/requests/count').query({ path: `/${segments(21)}` }).expect(400);
    expect(counted.body.details).toEqual(refused.body.details);
    const relative = await t.http.get('/__admin/requests').query({ path: 'v1/*' }).expect(400);
    expect(relative.body.details).toEqual([{ path: 'path', message: 'formato inválido' }]);
  });

  it('a scenario rule /v1/products/*a*a*a*b does not hang an unauthenticated GET of 1,200 a’s', async () => {
    const scenarios = withScenario({
      name: 'custom',
      rules: [{ match: { path: '/v1/products/*a*a*a*b' }, then: { respond: { error: 'servico_indisponivel', headers: { 'Retry-After': '1' } } } }],
    });
    const t = await createTestApp({ scenario: 'custom' }, { scenarios });
    const answered = await t.http.get(`/v1/products/${'a'.repeat(1200)}`);
    expect([401, 404]).toContain(answered.status);
    const matched = await t.http.get(`/v1/products/${'a'.repeat(1200)}b`).expect(503);
    expect(matched.body).toMatchObject({ error: 'servico_indisponivel' });
  });

  it('scenarios validate refuses a rule path of 21 segments, naming the file and the field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'path-pattern-'));
    const file = join(dir, 'deep.yaml');
    writeFileSync(file, `rules:\n  - match: { path: "/${segments(21)}" }\n    then: { latencyMs: 1 }\n`);
    const result = await runCli(['scenarios', 'validate', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`commerce-mock: ${file}: rules.0.match.path: at most 20 segments (it has 21)\n`);
  });
});
