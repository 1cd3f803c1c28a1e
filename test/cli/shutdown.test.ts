/** Stop signals, as a user sends them to the real CLI: early in start-up, and with a request in flight. */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BIN, checkedFetch, startCli } from '../support/cli.ts';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'commerce-mock-stop-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stop signals', () => {
  it('exits 0 on SIGTERM during start-up, before listening', async () => {
    const child = spawn(process.execPath, [BIN, 'start', '--port', '0', '--data', join(dir, 'db.json'), '--log-level', 'info']);
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    await new Promise<void>((ready) => {
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('opening the store')) ready();
      });
    });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).not.toContain('listening on');
  });

  it('finishes a request in flight at SIGTERM, closes its connection, keeps its write, exits 0', async () => {
    const data = join(dir, 'db.json');
    const server = await startCli(['--data', data]);
    const tokenResponse = await checkedFetch(`${server.baseUrl}/v1/auth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: 'mock-client', client_secret: 'mock-secret' }),
    });
    const accessToken = (tokenResponse.body as { data: { access_token: string } }).data.access_token;
    const body = JSON.stringify({ name: 'Capulana em voo', price: 350 });
    const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(`${server.baseUrl}/v1/products/create`, {
        method: 'POST',
        agent: new http.Agent({ keepAlive: true }),
        headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      });
      request.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response));
      });
      request.on('error', reject);
      request.write(body.slice(0, 10));
      void sleep(300).then(() => {
        server.child.kill('SIGTERM');
        return sleep(300).then(() => request.end(body.slice(10)));
      });
    });
    const response = await answered;
    expect(response.statusCode).toBe(201);
    expect(response.headers.connection).toBe('close');
    expect(await server.exited).toBe(0);
    expect(await readFile(data, 'utf8')).toContain('Capulana em voo');
  });
});
