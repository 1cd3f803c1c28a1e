/**
 * `commerce-mock verify` as a team uses it: against another provider (here a second mock started with a
 * different scenario, treated as a real service), on a consumer team's own pact, and with bad input.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriftReport, InteractionReport } from '../../src/verify/drift-report.ts';
import { runCli, startCli, type Started } from '../support/cli.ts';
import { COMMITTED_PACT } from '../support/pact/committed-pact.ts';

const STOREFRONT_PACT = fileURLToPath(new URL('./fixtures/storefront-pact.json', import.meta.url));
const verdictOf = (report: DriftReport, description: string): InteractionReport | undefined =>
  report.interactions.find((interaction) => interaction.description === description);

describe('verify against a provider that drifted: a second mock whose orders fail on the first poll', () => {
  let drifted: Started;
  let report: DriftReport;
  let run: { code: number; stdout: string; stderr: string };
  const dir = mkdtempSync(join(tmpdir(), 'drift-'));

  beforeAll(async () => {
    // A generous rate limit: the run makes about 150 calls, and on a real service it waits for the window instead.
    drifted = await startCli(['--in-memory', '--scenario', 'order-failed', '--rate-limit', '1000']);
    run = await runCli(['verify', '--provider-base-url', drifted.baseUrl, '--target', 'real', '--report', join(dir, 'drift')], { stopAfterMs: 120_000 });
    report = JSON.parse(readFileSync(join(dir, 'drift', 'verify-report.json'), 'utf8')) as DriftReport;
  }, 120_000);
  afterAll(() => {
    drifted.child.kill('SIGTERM');
    return drifted.exited;
  });

  it('fails the run and names the difference of the interaction that drifted', () => {
    expect(run.code).toBe(1);
    const poll = verdictOf(report, 'a status poll of an order that is PENDING');
    expect(poll?.verdict).toBe('failed');
    expect(poll?.details.join('\n')).toContain('FAILED');
    expect(run.stdout).toContain('FAIL merchant-app: a status poll of an order that is PENDING');
  });

  it('reports the states a real service cannot be put in as not verifiable, not failed', () => {
    for (const description of [
      'a call with an expired access token',
      'a request for an access token by a deactivated client',
      'a call once the rate limit is exhausted',
      'a status poll of an order that is PAID',
      'the list of payments of a paid order',
    ]) {
      const found = verdictOf(report, description);
      expect(found?.verdict, description).toBe('not verifiable');
      expect(found?.details.join(' '), description).toContain('cannot be made on a real service');
    }
  });

  it('verifies what the public API can set up: tokens, catalogue, subscriptions, orders', () => {
    for (const description of [
      'a request for an access token with valid client credentials',
      'a call with a revoked access token',
      'a batch sync of two products, one existing and one new',
      'a subscription of an existing plan and customer',
      'an order of an existing customer and existing products',
    ]) {
      expect(verdictOf(report, description)?.verdict, description).toBe('verified');
    }
    expect(report.provider).toEqual({ baseUrl: drifted.baseUrl, kind: 'real service' });
    expect(report.summary.verified + report.summary.failed + report.summary['not verifiable']).toBe(report.interactions.length);
  });

  it('writes the same report as Markdown, into the --report folder as every command does', () => {
    expect(readdirSync(join(dir, 'drift')).sort()).toEqual(['verify-report.json', 'verify-report.md']);
    expect(run.stdout).toContain(`\nreports in ${join(dir, 'drift')}: verify-report.json, verify-report.md\n`);
    const markdown = readFileSync(join(dir, 'drift', 'verify-report.md'), 'utf8');
    expect(markdown).toContain(`# Drift report: ${drifted.baseUrl}`);
    expect(markdown).toContain(`**${report.summary.verified} verified, ${report.summary.failed} failed, ${report.summary['not verifiable']} not verifiable.**`);
    expect(markdown).toMatch(/\| failed \| merchant-app \| a status poll of an order that is PENDING \|/);
  });
});

describe("verify on a consumer team's own pact", () => {
  it('verifies what matches the service model, fails what does not, and names unknown states', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-'));
    // The started mock's own client secret, given as a user gives theirs: used, never shown.
    const secret = 'mock-secret';
    const result = await runCli(['verify', '--pact', STOREFRONT_PACT, '--report', join(dir, 'storefront')], { stopAfterMs: 120_000, env: { COMMERCE_CLIENT_SECRET: secret } });
    expect(result.code).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'storefront', 'verify-report.json'), 'utf8')) as DriftReport;
    for (const text of [result.stdout, result.stderr, ...['verify-report.json', 'verify-report.md'].map((file) => readFileSync(join(dir, 'storefront', file), 'utf8'))]) expect(text).not.toContain(secret);
    expect(report.interactions.map(({ description, verdict }) => [description, verdict])).toEqual([
      ['the storefront lists products', 'verified'],
      ['the storefront reads a product\'s stock', 'failed'],
      ['the storefront asks for a gift card', 'not verifiable'],
    ]);
    expect(verdictOf(report, "the storefront reads a product's stock")?.details.join(' ')).toContain('stock');
    expect(verdictOf(report, 'the storefront asks for a gift card')?.details).toEqual(['provider state "a gift card exists" is not in the catalogue']);
  }, 120_000);
});

describe('verify refuses bad input with exit 2 and writes no report', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verify-usage-'));
  const notPact = join(dir, 'not-a-pact.json');
  writeFileSync(notPact, JSON.stringify({ hello: 'world' }));
  const aFile = join(dir, 'a-file');
  writeFileSync(aFile, 'kept');

  it.each([
    [['verify', join(dir, 'missing.json')], 'missing.json: not found (no such file or directory) [ENOENT]'],
    [['verify', notPact], 'not-a-pact.json: not a pact'],
    [['verify', COMMITTED_PACT, '--target', 'staging'], '--target: expected auto, mock or real, got "staging"'],
    [['verify', COMMITTED_PACT, '--provider-base-url', 'http://127.0.0.1:9'], 'cannot reach http://127.0.0.1:9'],
  ])('%j', async (args, problem) => {
    const result = await runCli([...args, '--report', join(dir, 'report')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(problem);
    expect(existsSync(join(dir, 'report'))).toBe(false);
  });

  it.each([
    [aFile, `--report ${aFile}: a file is there; --report names a folder (made when missing) for verify-report.json, verify-report.md`],
    [join(aFile, 'report'), `--report ${join(aFile, 'report')}: ${aFile} is a file;`],
    ['', '--report: empty;'],
  ])('--report %j, which cannot be a folder: refused before anything is verified', async (report, problem) => {
    const result = await runCli(['verify', COMMITTED_PACT, '--report', report]);
    expect([result.code, result.stdout]).toEqual([2, '']);
    expect(result.stderr).toMatch(/^commerce-mock verify: [^\n]*\n$/);
    expect(result.stderr).toContain(`commerce-mock verify: ${problem}`);
    expect(readFileSync(aFile, 'utf8')).toBe('kept');
    expect(readdirSync(dir).sort()).toEqual(['a-file', 'not-a-pact.json']);
  });
});
