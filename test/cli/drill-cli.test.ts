/**
 * `commerce-mock drill`: the plan first, a verdict per case, a summary, the reports, and the exit code (0 all
 * passed, 1 one failed, 2 usage or an unreachable receiver). Run in process; the drill runs in a mock the command
 * starts for itself, or in a running one (`--mock`). A refusal is said in English, names no address of a mock the
 * command started, changes nothing and writes nothing; no secret is ever printed.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type Mock } from '../../src/index.ts';
import { runCli } from '../support/cli.ts';
import { exampleReceiver, serversClosedAfterEach, STANDARD_SECRET } from '../support/drill-support.ts';
import { receiversClosedAfterEach } from '../support/webhook-receiver.ts';

const serve = serversClosedAfterEach();
const receiver = receiversClosedAfterEach();
// Port 2: nobody listens there, and no test's server (all on ephemeral ports) can take it meanwhile.
const CLOSED = 'http://127.0.0.1:2/hooks';
const MOCK_SECRET = 'a-mock-format-secret';
const ADMIN_TOKEN = 'an-admin-token-never-shown';
/** A mock's address other than the receiver's: what no refusal of a mock the command started may name. */
const OTHER_ADDRESS = /127\.0\.0\.1:(?!2\/|3000\/|4010\b)\d+|answered/;

describe('commerce-mock drill', () => {
  it('against the example receiver: the plan, eleven passed cases, exit 0, and the three reports', async () => {
    const url = await serve((await exampleReceiver(STANDARD_SECRET)).server);
    const dir = mkdtempSync(join(tmpdir(), 'drill-report-'));
    const { code, stdout, stderr } = await runCli(['drill', '--url', url, '--seed', '9', '--report', dir], { env: { COMMERCE_MOCK_WEBHOOK_SECRET: STANDARD_SECRET } });
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
    expect(stdout).toContain(`\nreports in ${dir}: drill-report.json, drill-report.md, drill-junit.xml\n`);
    expect(stdout).not.toContain(STANDARD_SECRET);
  }, 30_000);

  it('reads the secret from env COMMERCE_WEBHOOK_SECRET too, its first spelling, with a one-line warning that names no value', async () => {
    const url = await serve((await exampleReceiver(STANDARD_SECRET)).server);
    const { code, stdout, stderr } = await runCli(['drill', '--url', url, '--seed', '9'], { env: { COMMERCE_WEBHOOK_SECRET: STANDARD_SECRET } });
    expect(stderr).toBe('commerce-mock drill: env COMMERCE_WEBHOOK_SECRET is deprecated: name it COMMERCE_MOCK_WEBHOOK_SECRET\n');
    expect(code).toBe(0);
    expect(stdout).toContain('\n11 passed, 0 failed (seed 9)\n');
    expect(stdout).not.toContain(STANDARD_SECRET);
    // Both set: the new spelling is read, and the old one neither read nor warned about.
    const both = await runCli(['drill', '--url', url, '--seed', '9'], { env: { COMMERCE_MOCK_WEBHOOK_SECRET: STANDARD_SECRET, COMMERCE_WEBHOOK_SECRET: 'whsec_not-this-one' } });
    expect([both.code, both.stderr]).toEqual([0, '']);
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

  it('exit 2 for a receiver nobody listens at', async () => {
    const unreachable = await runCli(['drill', '--url', CLOSED, '--secret', STANDARD_SECRET]);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toBe(`commerce-mock drill: the receiver at ${CLOSED} cannot be reached: ECONNREFUSED\n`);
  });

  it.each([
    ['no secret', [], {}, 'no secret: client mock-client has no webhook endpoint on the mock started for the drill whose secret the drill could use; give the secret the receiver verifies with: --secret or env COMMERCE_MOCK_WEBHOOK_SECRET (format standard: whsec_ and base64 of 24-64 random bytes; format mock: any 8-200 characters) [invalid_request]'],
    ['an empty --secret (an unset variable)', ['--secret', ''], {}, '--secret is empty (an unset shell variable?)'],
    ['an empty env secret', [], { COMMERCE_MOCK_WEBHOOK_SECRET: '' }, 'env COMMERCE_MOCK_WEBHOOK_SECRET is empty'],
    ['a secret too short', ['--secret', 'short'], {}, '--secret: a webhook secret has 8 to 200 characters'],
    ['a secret too long', ['--secret', 'x'.repeat(201)], {}, '--secret: a webhook secret has 8 to 200 characters'],
    ['no whsec_ in format standard', ['--secret', 'my-secret', '--format', 'standard'], {}, '--secret: a secret of format "standard" starts with whsec_ (format standard: whsec_ and base64 of 24-64 random bytes'],
    ['a whsec_ secret that is not base64', ['--secret', 'whsec_not base64!', '--format', 'standard'], {}, '--secret: after whsec_, a secret of format "standard" is base64'],
    ['no whsec_ in the default format', ['--secret', 'my-secret'], {}, 'the secret does not fit the drill\'s format: a secret of format "standard" starts with whsec_ (format standard: whsec_ and base64 of 24-64 random bytes; format mock: any 8-200 characters; the format is --format, else the client\'s endpoint format, else standard) [invalid_request]'],
    ['an unknown client', ['--secret', MOCK_SECRET, '--format', 'mock', '--client', 'nobody'], {}, 'client nobody is unknown to the mock started for the drill'],
    ['an empty client', ['--secret', MOCK_SECRET, '--client', ''], {}, '--client: expected a client id of 1 to 200 characters'],
    ['a link-local receiver', ['--secret', MOCK_SECRET, '--format', 'mock', '--url', 'http://169.254.169.254/hooks'], {}, '--url: the mock started for the drill refuses a link-local or cloud-metadata address'],
    ['a metadata receiver with a trailing dot', ['--secret', MOCK_SECRET, '--format', 'mock', '--url', 'http://Metadata.Google.Internal./hooks'], {}, '--url: the mock started for the drill refuses a link-local or cloud-metadata address'],
    ['a receiver URL that is no URL', ['--secret', MOCK_SECRET, '--url', 'localhost:3000'], {}, '--url: expected an http(s) URL such as http://127.0.0.1:3000/webhooks, got "localhost:3000"'],
    ['an admin API as the receiver', ['--secret', MOCK_SECRET, '--url', 'http://127.0.0.1:2/__ADMIN/reset'], {}, "--url: a mock's admin API (/__admin) does not receive webhooks"],
    ['a --mock that is no URL', ['--secret', MOCK_SECRET, '--mock', '4010'], {}, '--mock: expected an http(s) URL such as http://127.0.0.1:4010, got "4010"'],
    ['a timeout out of bounds', ['--secret', MOCK_SECRET, '--timeout', '0'], {}, 'expected seconds between 0.05 and 60, got "0"'],
    ['a seed that is no number', ['--secret', MOCK_SECRET, '--seed', 'x'], {}, 'expected a whole number, got "x"'],
  ])('exit 2, in English, for %s, naming no address of the mock it started', async (_name, args, env, said) => {
    const { code, stdout, stderr } = await runCli(['drill', '--url', CLOSED, ...args], { env });
    expect(code).toBe(2);
    expect(stderr).toContain(said);
    expect(stderr).not.toMatch(OTHER_ADDRESS);
    expect(stdout).toBe('');
    for (const secret of [MOCK_SECRET, 'my-secret', 'short', 'whsec_not base64!']) expect(stderr).not.toContain(secret);
  });

  it('a receiver URL with credentials is refused without echoing the password', async () => {
    const { code, stderr } = await runCli(['drill', '--url', 'http://user:pa55word@127.0.0.1:2/hooks', '--secret', MOCK_SECRET]);
    expect([code, stderr]).toEqual([2, 'commerce-mock drill: --url: a webhook URL carries no credentials (user:password@)\n']);
  });

  it('--report naming a file, a path under a file, or nothing: exit 2 before anything is sent, nothing written', async () => {
    const naive = await receiver();
    const dir = mkdtempSync(join(tmpdir(), 'drill-report-'));
    const file = join(dir, 'a-file');
    writeFileSync(file, 'kept');
    const onFile = await runCli(['drill', '--url', naive.url, '--secret', MOCK_SECRET, '--format', 'mock', '--report', file]);
    expect(onFile.code).toBe(2);
    expect(onFile.stderr).toBe(`commerce-mock drill: --report ${file}: a file is there; --report names a folder (made when missing) for drill-report.json, drill-report.md, drill-junit.xml\n`);
    const under = await runCli(['drill', '--url', naive.url, '--secret', MOCK_SECRET, '--format', 'mock', '--report', join(file, 'reports')]);
    expect(under.code).toBe(2);
    expect(under.stderr).toContain(`--report ${join(file, 'reports')}: ${file} is a file`);
    const empty = await runCli(['drill', '--url', naive.url, '--secret', MOCK_SECRET, '--format', 'mock', '--report', '']);
    expect([empty.code, empty.stderr]).toEqual([2, 'commerce-mock drill: --report: empty; --report names a folder (made when missing) for drill-report.json, drill-report.md, drill-junit.xml\n']);
    expect(naive.received).toEqual([]);
    expect(readdirSync(dir)).toEqual(['a-file']);
    expect(readFileSync(file, 'utf8')).toBe('kept');
  });
});

describe('commerce-mock drill --mock (a running mock)', () => {
  let mock: Mock;
  beforeAll(async () => {
    mock = await startMock({ clients: [{ clientId: 'mock-client', clientSecret: 'mock-secret', webhook: { url: 'http://127.0.0.1:1/hooks', secret: MOCK_SECRET } }] });
  });
  afterAll(() => mock.stop());
  /** The mock's state but for what the running clock changes by itself. */
  const state = async () => {
    const { clock: _clock, exportedAt: _exportedAt, ...rest } = (await (await fetch(`${mock.url}/__admin/state`)).json()) as Record<string, unknown>;
    return rest;
  };

  it("drills with the client's endpoint secret and format, and names the running mock by the URL given when it refuses", async () => {
    const before = await state();
    const naive = await receiver();
    const drilled = await runCli(['drill', '--url', naive.url, '--mock', mock.url, '--timeout', '2', '--admin-token', ADMIN_TOKEN]);
    expect(drilled.code).toBe(1);
    expect(drilled.stdout).toMatch(/^drill http:\/\/127\.0\.0\.1:\d+\/hooks \(client mock-client, format mock, seed \d+, timeout 2 s\)\n/);
    expect(naive.received.length).toBeGreaterThan(0);
    const unknown = await runCli(['drill', '--url', naive.url, '--mock', mock.url, '--client', 'nobody']);
    expect([unknown.code, unknown.stderr]).toEqual([2, `commerce-mock drill: client nobody is unknown to the mock at ${mock.url} (--client; its clients are its configuration's, mock-client by default) [not_found]\n`]);
    const own = await runCli(['drill', '--url', `${mock.url}/hooks`, '--mock', mock.url]);
    expect([own.code, own.stderr]).toEqual([2, `commerce-mock drill: --url: the mock at ${mock.url} refuses ${mock.url}/hooks: a mock's own address does not receive webhooks [invalid_request]\n`]);
    const standard = await runCli(['drill', '--url', naive.url, '--mock', mock.url, '--format', 'standard']);
    expect(standard.code).toBe(2);
    expect(standard.stderr).toBe(
      `commerce-mock drill: no secret of format standard: client mock-client has no webhook endpoint on the mock at ${mock.url}, or its secret is of the other format; give the secret the receiver verifies with: --secret or env COMMERCE_MOCK_WEBHOOK_SECRET (format standard: whsec_ and base64 of 24-64 random bytes; format mock: any 8-200 characters) [invalid_request]\n`,
    );
    // The drill reads the endpoint and leaves it, and nothing else of the mock changes.
    expect(await state()).toEqual(before);
    for (const run of [drilled, unknown, own, standard]) expect(run.stdout + run.stderr).not.toMatch(new RegExp(`${MOCK_SECRET}|${ADMIN_TOKEN}`));
  }, 30_000);

  it('a --mock nobody listens at: exit 2 naming it', async () => {
    const { code, stderr } = await runCli(['drill', '--url', CLOSED, '--mock', 'http://127.0.0.1:9', '--secret', MOCK_SECRET]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^commerce-mock drill: the mock at http:\/\/127\.0\.0\.1:9 cannot be reached: /);
  });
});
