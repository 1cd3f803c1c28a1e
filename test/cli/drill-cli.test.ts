/**
 * `commerce-mock drill`: the plan first, a verdict per case, a summary, the reports, and the exit code (0 all
 * passed, 1 one failed, 2 usage or an unreachable receiver). Run in process; the drill runs in a mock the command
 * starts for itself.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { exampleReceiver, serversClosedAfterEach, STANDARD_SECRET } from '../support/drill-support.ts';
import { receiversClosedAfterEach } from '../support/webhook-receiver.ts';

const serve = serversClosedAfterEach();
const receiver = receiversClosedAfterEach();

describe('commerce-mock drill', () => {
  it('against the example receiver: the plan, eleven passed cases, exit 0, and the three reports', async () => {
    const url = await serve((await exampleReceiver(STANDARD_SECRET)).server);
    const dir = mkdtempSync(join(tmpdir(), 'drill-report-'));
    const { code, stdout, stderr } = await runCli(['drill', '--url', url, '--seed', '9', '--report', dir], { env: { COMMERCE_WEBHOOK_SECRET: STANDARD_SECRET } });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe(`drill ${url} (client mock-client, format standard, seed 9, timeout 5 s)`);
    expect(lines[1]).toMatch(/^ {3}1\. valid +order\.paid evt_\w+ signed now → expect 2xx$/);
    expect(lines.filter((line) => line.startsWith('  ✓ '))).toHaveLength(11);
    expect(stdout.indexOf('  ✓ ')).toBeGreaterThan(stdout.indexOf('11. '));
    expect(stdout).toContain('\n11 passed, 0 failed (seed 9)\n');
    const junit = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(readFileSync(join(dir, 'drill-junit.xml'), 'utf8')) as {
      testsuites: { testsuite: { testcase: Array<{ name: string }> } };
    };
    expect(junit.testsuites.testsuite.testcase).toHaveLength(11);
    expect(JSON.parse(readFileSync(join(dir, 'drill-report.json'), 'utf8'))).toMatchObject({ status: 'passed', seed: 9 });
    expect(readFileSync(join(dir, 'drill-report.md'), 'utf8')).toContain('# Webhook drill: passed');
    for (const file of ['drill-junit.xml', 'drill-report.json', 'drill-report.md']) expect(readFileSync(join(dir, file), 'utf8')).not.toContain(STANDARD_SECRET);
  }, 30_000);

  it('against a receiver that accepts anything: exit 1, the failed cases named with what a correct receiver does', async () => {
    const naive = await receiver();
    const { code, stdout } = await runCli(['drill', '--url', naive.url, '--secret', STANDARD_SECRET, '--timeout', '2']);
    expect(code).toBe(1);
    expect(stdout).toContain('\n6 passed, 5 failed: ');
    const named = /5 failed: (.*) \(seed \d+\)/.exec(stdout)?.[1]?.split(', ').sort();
    expect(named).toEqual(['forged', 'replayed', 'stale', 'tampered', 'unsigned']);
    expect(stdout).toContain('  ✗ forged: accepted (HTTP 200), expected a 4xx refusal\n      a correct receiver answers 4xx: no signature matches its secret');
    expect(stdout).not.toContain(STANDARD_SECRET);
  }, 30_000);

  it('exit 2 for a receiver nobody listens at, and for a usage problem', async () => {
    // Port 2: nobody listens there, and no test's server (all on ephemeral ports) can take it meanwhile.
    const closed = { url: 'http://127.0.0.1:2/hooks' };
    const unreachable = await runCli(['drill', '--url', closed.url, '--secret', STANDARD_SECRET]);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toBe(`commerce-mock drill: the receiver at ${closed.url} cannot be reached: ECONNREFUSED\n`);
    const badTimeout = await runCli(['drill', '--url', closed.url, '--timeout', '0']);
    expect(badTimeout.code).toBe(2);
    expect(badTimeout.stderr).toContain('expected seconds between 0.05 and 60, got "0"');
    const noSecret = await runCli(['drill', '--url', closed.url]);
    expect(noSecret.code).toBe(2);
    expect(noSecret.stderr).toContain('Indique o segredo do recetor: o cliente mock-client não tem webhook configurado (secret: obrigatório quando o cliente não tem webhook)');
  });
});
