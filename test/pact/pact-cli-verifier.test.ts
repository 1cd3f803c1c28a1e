/**
 * The standalone Pact verifier (`pact verifier` of @pact-foundation/pact-cli, the Rust CLI every language's
 * tooling wraps) against a running mock, its provider states set up by the mock's own
 * `POST /__admin/pact/provider-states`: every HTTP interaction of pacts/ verified, as a team verifying in another
 * language would run it; and every message of the webhook pact, asked for at `POST /__admin/pact/messages` (Pact's
 * message producer protocol, the payload the mock's webhook sender makes). The mock is an in-process test app, so
 * every answer is also checked against the documents.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PACTS_DIR = 'pacts';
type PactInteractions = { interactions: Array<{ description: string; type?: string }> };
const readPact = (name: string) => JSON.parse(readFileSync(join(PACTS_DIR, name), 'utf8')) as PactInteractions;
/** The pacts of HTTP interactions (V2/V3 untyped, V4 "Synchronous/HTTP"); message pacts are verified by `verify`. */
const allPacts = readdirSync(PACTS_DIR).filter((name) => name.endsWith('.json'));
const pactFiles = allPacts.filter((name) => readPact(name).interactions.every((interaction) => interaction.type === undefined || interaction.type === 'Synchronous/HTTP'));
const descriptions = pactFiles.flatMap((name) => readPact(name).interactions);
const messagePacts = allPacts.filter((name) => readPact(name).interactions.every((interaction) => interaction.type === 'Asynchronous/Messages'));
const messages = messagePacts.flatMap((name) => readPact(name).interactions);
const verifierBin = createRequire(import.meta.url).resolve('@pact-foundation/pact-cli/bin/pact-verifier.js');

let server: Server;
let port: number;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedData: 'default' });
  server = createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function verify(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [verifierBin, ...args], { timeout: 150_000, env: { ...process.env, PACT_DO_NOT_TRACK: 'true' } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The verifier over these pact files with the mock's state-change URL (and `extra` flags): its exit code and JSON report. */
async function verifyFiles(files: string[], extra: string[] = []) {
  const report = join(mkdtempSync(join(tmpdir(), 'pact-cli-')), 'report.json');
  const result = await verify([
    // Each pact by file: --dir would read pacts/README.md as a pact too.
    ...files.flatMap((name) => ['--file', join(PACTS_DIR, name)]),
    '--hostname', '127.0.0.1',
    '--port', String(port),
    ...extra,
    '--state-change-url', `http://127.0.0.1:${port}/__admin/pact/provider-states`,
    '--state-change-teardown',
    // The test app compiles each operation's validators on first use (a built mock loads them precompiled).
    '--request-timeout', '60000',
    '--no-colour',
    '--json', report,
  ]);
  const results = JSON.parse(readFileSync(report, 'utf8')) as { result: boolean; errors: unknown[]; interactionResults?: Array<{ description: string; result: string }> };
  return { code: result.code, results, verdicts: results.interactionResults?.map((interaction) => [interaction.description, interaction.result]) };
}

describe('the standalone pact verifier against the mock', () => {
  it('verifies every HTTP interaction of pacts/ with the state-change URL the mock serves', async () => {
    const { code, results, verdicts } = await verifyFiles(pactFiles);
    expect(results.errors, JSON.stringify(results.errors).slice(0, 2000)).toEqual([]);
    expect(code).toBe(0);
    expect(results.result).toBe(true);
    expect(descriptions.length).toBeGreaterThan(30);
    expect(verdicts).toEqual(descriptions.map((interaction) => [interaction.description, 'OK']));
  }, 180_000);

  it('verifies every message of the webhook pact, asked for at the message endpoint the mock serves', async () => {
    // The verifier POSTs {description, providerStates} to the message transport; the answer is the message.
    const { code, results, verdicts } = await verifyFiles(messagePacts, ['--transports', `message:${port}/__admin/pact/messages`]);
    expect(results.errors, JSON.stringify(results.errors).slice(0, 2000)).toEqual([]);
    expect(code).toBe(0);
    expect(results.result).toBe(true);
    expect(messages.length).toBe(6);
    expect(verdicts).toEqual(messages.map((interaction) => [interaction.description, 'OK']));
  }, 180_000);
});
