/**
 * A pact's consumer and provider names have one rule (`PACT_NAME`): the route's parameters carry its pattern, and
 * the route (400 invalid_request) and `commerce-mock pact record` (exit 2, nothing written) refuse the same names
 * and take the same ones.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PACT_NAME } from '../../src/traffic/traffic-pact.ts';
import { runCli } from '../support/cli.ts';
import { listenersClosedAfterEach } from '../support/listening-app.ts';
import { createTestApp } from '../support/test-app.ts';

const listening = listenersClosedAfterEach();

const REFUSED = ['', '.hidden', '..', '../etc', 'a/b', 'a\\b', 'a b', 'é', '-leading', 'x'.repeat(101), 'a%2Fb'];
const TAKEN = ['shop-backend', 'a', 'Shop.Backend_2', 'x'.repeat(100)];

describe("a pact's names", () => {
  it("the route's consumer and provider parameters carry the one pattern", () => {
    const document = parse(readFileSync(new URL('../../spec/admin.yaml', import.meta.url), 'utf8'));
    const parameters = document.paths['/clients/{client_id}/pact'].get.parameters as Array<{ name?: string; schema?: { pattern?: string } }>;
    const patterns = Object.fromEntries(parameters.filter((parameter) => parameter.name).map((parameter) => [parameter.name, parameter.schema?.pattern]));
    expect(patterns).toEqual({ consumer: PACT_NAME.source, provider: PACT_NAME.source });
  });

  it.each(REFUSED.flatMap((name) => (['consumer', 'provider'] as const).map((field) => [field, name.length > 40 ? `${name.slice(0, 10)}…(${name.length})` : name, name] as const)))(
    '%s %j: the route answers 400 invalid_request and the CLI exits 2, writing nothing',
    async (field, _shown, name) => {
      const t = await createTestApp();
      const answer = await t.http.get(`/__admin/clients/mock-client/pact?${field}=${encodeURIComponent(name)}`);
      expect([answer.status, answer.body.error]).toEqual([400, 'invalid_request']);
      const dir = mkdtempSync(join(tmpdir(), 'pact-name-'));
      const run = await runCli(['pact', 'record', `--${field}`, name, '--out', join(dir, 'pacts'), '--url', 'http://127.0.0.1:9']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`--${field}: expected letters, digits`);
      expect(existsSync(join(dir, 'pacts'))).toBe(false);
    },
  );

  it.each(TAKEN.map((name) => [name.length > 40 ? `${name.slice(0, 10)}…(${name.length})` : name, name] as const))('%j is taken by the route and the CLI', async (_shown, name) => {
    const t = await createTestApp();
    const answer = await t.http.get(`/__admin/clients/mock-client/pact?consumer=${name}&provider=${name}`).expect(200);
    expect([answer.body.data.pact.consumer.name, answer.body.data.pact.provider.name]).toEqual([name, name]);
    const dir = mkdtempSync(join(tmpdir(), 'pact-name-'));
    const run = await runCli(['pact', 'record', '--consumer', name, '--provider', name, '--out', dir, '--url', await listening(t)]);
    expect(run.code).toBe(0);
    expect(readdirSync(dir)).toEqual([`${name}-${name}.json`]);
  });
});
