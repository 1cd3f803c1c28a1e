/**
 * `commerce-mock pact-check <file-or-dir...> [--json]`: a readable report, or JSON; exit 0 when every interaction
 * is allowed, 1 when one is not, 2 when a path is not a readable pact (named on stderr with the reason).
 */
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';

const FIXTURES = fileURLToPath(new URL('../pact-check/fixtures/', import.meta.url));
const VALID = join(FIXTURES, 'valid.v4.json');
const NOT_ALLOWED = join(FIXTURES, 'not-allowed.v4.json');

function dirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cli-pact-check-'));
  for (const [name, source] of Object.entries(files)) copyFileSync(source, join(dir, name));
  return dir;
}

describe('pact-check command', () => {
  it('exit 0 and a report naming each interaction and its operation when all are allowed', async () => {
    const result = await runCli(['pact-check', VALID]);
    expect(result).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        `${VALID}  merchant-app → commerce-api (Pact V4)`,
        '  ✓ a token request with client credentials  [issueToken]',
        '  ✓ a product create  [createProduct]',
        '  ✓ the status of a paid order  [getOrderStatus]',
        '  3 interactions: 3 allowed, 0 not allowed, 0 skipped',
        '',
        '1 pact file, 3 interactions: 3 allowed, 0 not allowed, 0 skipped: every interaction is allowed by spec/openapi.yaml',
        '',
      ].join('\n'),
    });
  });

  it('exit 1 and each problem under its interaction when one is not allowed', async () => {
    const result = await runCli(['pact-check', NOT_ALLOWED]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      [
        '  ✗ an unknown path',
        '      request.path: no operation at /v1/invoices',
        '  ✗ a wrong method',
        '      request.method: DELETE is not allowed on /v1/orders/ord_9Xk2Lp7QwE (allowed: GET)',
        '  ✗ a product without a name  [createProduct]',
        '      request.body: name: campo obrigatório',
        '  ✗ an order status answered 202  [getOrderStatus]',
        '      response.status: 202 is not declared for getOrderStatus (declared: 200, 400, 401, 403, 404, 405, 429, 500, 503)',
        '  ✗ an order status off schema  [getOrderStatus]',
        '      response.body: data.amount: deve ser do tipo number',
        '      response.body: data.paidAt: not a field of 200 of getOrderStatus',
        '  5 interactions: 0 allowed, 5 not allowed, 0 skipped',
      ].join('\n'),
    );
    expect(result.stdout).toMatch(/some interactions are not allowed by spec\/openapi\.yaml\n$/);
  });

  it('--json prints the reports and a summary', async () => {
    const result = await runCli(['pact-check', '--json', VALID, NOT_ALLOWED]);
    expect(result.code).toBe(1);
    const output = JSON.parse(result.stdout) as { ok: boolean; files: Array<Record<string, unknown>>; summary: unknown };
    expect(output.ok).toBe(false);
    expect(output.summary).toEqual({ files: 2, invalidFiles: 0, interactions: 8, allowed: 3, notAllowed: 5, skipped: 0 });
    expect(output.files.map((file) => [file['file'], file['ok'], file['summary']])).toEqual([
      [VALID, true, { interactions: 3, allowed: 3, notAllowed: 0, skipped: 0 }],
      [NOT_ALLOWED, false, { interactions: 5, allowed: 0, notAllowed: 5, skipped: 0 }],
    ]);
    expect((output.files[1]?.['interactions'] as unknown[])[2]).toEqual({
      description: 'a product without a name',
      providerStates: [],
      operationId: 'createProduct',
      ok: false,
      problems: [{ where: 'request.body', message: 'name: campo obrigatório' }],
    });
  });

  it('checks every *.json of a directory, in name order, webhook messages against their event schema', async () => {
    const dir = dirWith({ 'b-refusals.json': join(FIXTURES, 'expected-refusals.v4.json'), 'a-valid.json': VALID });
    writeFileSync(join(dir, 'notes.txt'), 'not a pact, not read');
    const result = await runCli(['pact-check', dir]);
    expect(result.code).toBe(0);
    expect(result.stdout.indexOf(join(dir, 'a-valid.json'))).toBeLessThan(result.stdout.indexOf(join(dir, 'b-refusals.json')));
    expect(result.stdout).toContain('  ✓ an order.status_changed webhook  [OrderStatusChangedEvent]\n');
    expect(result.stdout).toMatch(/\n2 pact files, 8 interactions: 8 allowed, 0 not allowed, 0 skipped: every interaction is allowed/);
  });

  it('exit 2 naming each file and reason, checking nothing, when a path is not a readable pact', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-pact-check-bad-'));
    writeFileSync(join(dir, 'broken.json'), '{"consumer": {"name": "app"}, "provider": {"name": "api"}}');
    const result = await runCli(['pact-check', VALID, join(dir, 'missing.json'), join(dir, 'broken.json')]);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `commerce-mock: ${join(dir, 'missing.json')}: not found (no such file or directory) [ENOENT]\ncommerce-mock: ${join(dir, 'broken.json')}: not a pact: a pact has "interactions" (or "messages")\n`,
    });
    const empty = mkdtempSync(join(tmpdir(), 'cli-pact-check-empty-'));
    expect(await runCli(['pact-check', empty])).toEqual({ code: 2, stdout: '', stderr: `commerce-mock: ${empty}: no pact files (*.json) in this directory\n` });
  });

  it('exit 2 without a path', async () => {
    const result = await runCli(['pact-check']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("missing required argument 'paths'");
  });
});
