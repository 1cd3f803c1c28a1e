/**
 * `commerce-mock scenarios list|validate` and the scenario flags of `start`: a bad file or an unknown name stops
 * with exit 2 naming the file, the field and the reason; a good one starts the mock under it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, startCli } from '../support/cli.ts';

function dirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cli-scenarios-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('scenario commands', () => {
  it('lists the built-ins with their descriptions, then the user directory', async () => {
    const dir = dirWith({ 'my-case.yaml': 'description: my own case\norders: { progression: [{ status: FAILED, after: { polls: 2 } }] }\n' });
    const result = await runCli(['scenarios', 'list', '--scenarios', dir]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^token-expiry +Access tokens live 30 seconds/m);
    expect(result.stdout).toContain(`my-case`);
    expect(result.stdout).toContain(`my own case  [order FAILED after 2 status polls, payment FAILED]  (${join(dir, 'my-case.yaml')})`);
  });

  it('list: what a scenario does to orders and their payments is read from its data (a cancelled order\'s payment is CANCELLED)', async () => {
    const result = await runCli(['scenarios', 'list']);
    const line = (name: string) => result.stdout.split('\n').find((text) => text.startsWith(`${name} `))?.replace(/ {2,}/g, '  ');
    expect(line('order-cancelled')).toBe('order-cancelled  An order is cancelled on its first status poll.  [order CANCELLED after 1 status poll, payment CANCELLED]');
    expect(line('order-failed')).toBe("order-failed  An order's payment fails on its first status poll.  [order FAILED after 1 status poll, payment FAILED]");
    expect(line('slow-payment')).toContain('[order PAID 600 s of mock time after it was placed, payment PAID]');
    expect(result.stdout).not.toContain('payment FAILED)');
  });

  it('validate: exit 0 for a good file, 2 naming the file, field and reason for a bad one', async () => {
    const dir = dirWith({
      'good.yaml': 'rules:\n  - when: { every: 3 }\n    then: { respond: { error: muitas_requisicoes } }\n',
      'bad.yaml': 'rateLimit:\n  limit: 0\nrules:\n  - then: { respond: { error: muitas_requisicoes }, drop: true }\n',
    });
    const good = await runCli(['scenarios', 'validate', join(dir, 'good.yaml')]);
    expect(good.code).toBe(0);
    expect(good.stdout).toContain('valid scenario good (1 rules)');
    const bad = await runCli(['scenarios', 'validate', join(dir, 'good.yaml'), join(dir, 'bad.yaml')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`commerce-mock: ${join(dir, 'bad.yaml')}: rateLimit.limit: Too small`);
    expect(bad.stderr).toContain(`commerce-mock: ${join(dir, 'bad.yaml')}: rules.0.then: respond and drop exclude each other`);
    const missing = await runCli(['scenarios', 'validate', join(dir, 'nope.yaml')]);
    expect([missing.code, missing.stderr]).toEqual([2, `commerce-mock: ${join(dir, 'nope.yaml')}: (file): not found (no such file or directory) [ENOENT]\n`]);
  });

  it('start refuses an unknown --scenario and a bad file in --scenarios with exit 2, before listening', async () => {
    const unknown = await runCli(['start', '--in-memory', '--port', '0', '--scenario', 'no-such']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--scenario: unknown scenario "no-such" \(known: burst-429, default, /);
    const dir = dirWith({ 'broken.yaml': 'tokens: { ttlSeconds: soon }\n' });
    const broken = await runCli(['start', '--in-memory', '--port', '0', '--scenarios', dir]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain(`${join(dir, 'broken.yaml')}: tokens.ttlSeconds: Invalid input: expected number, received string`);
    expect(broken.stdout).toBe('');
  });

  it('start --scenario runs the mock under it from the first request, and says so in the banner', async () => {
    const started = await startCli(['--in-memory', '--port', '0', '--scenario', 'token-expiry']);
    try {
      expect(started.stdout()).toContain('scenario         token-expiry (global)');
      const response = await fetch(`${started.baseUrl}/v1/auth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ client_id: 'mock-client', client_secret: 'mock-secret' }),
      });
      expect(((await response.json()) as { data: { expires_in: number } }).data.expires_in).toBe(30);
    } finally {
      started.child.kill('SIGTERM');
      await started.exited;
    }
  });
});
