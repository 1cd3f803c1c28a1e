/**
 * One owner per data file: a second `start` on the same `--data` exits 2 naming the file and
 * the pid that holds it, and the first keeps every write; a port already taken exits 2 before the data file is
 * opened; the lock goes with the mock that held it (stop) and is taken over when its process is gone (crash).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkedFetch, runCli, startCli, type Started } from '../support/cli.ts';

const running: Started[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
});

const freshDir = () => mkdtempSync(join(tmpdir(), 'data-lock-'));

describe('one mock per data file', () => {
  it('a second start on the same --data (another port) exits 2 naming the file and the pid; the first keeps its writes', async () => {
    const data = join(freshDir(), 'db.json');
    const first = await startCli(['--data', data, '--seed-data', 'none']);
    running.push(first);
    expect(readFileSync(`${data}.lock`, 'utf8')).toBe(`${first.child.pid}\n`);
    const second = await runCli(['start', '--data', data, '--port', '0']);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain(`commerce-mock: data file ${data} is in use by process ${first.child.pid}: stop that mock or give this one another --data`);
    const json = { 'Content-Type': 'application/json' };
    const issued = await checkedFetch(`${first.baseUrl}/v1/auth/token`, { method: 'POST', headers: json, body: JSON.stringify({ client_id: 'mock-client', client_secret: 'mock-secret' }) });
    const token = (issued.body as { data: { access_token: string } }).data.access_token;
    const created = await checkedFetch(`${first.baseUrl}/v1/customers`, {
      method: 'POST',
      headers: { ...json, Authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Ana Muianga' }),
    });
    expect(created.status).toBe(201);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    running.pop();
    expect(readFileSync(data, 'utf8')).toContain('Ana Muianga');
    expect(existsSync(`${data}.lock`)).toBe(false);
  }, 60_000);

  it('a taken port exits 2 and leaves the data file as it was, without a lock', async () => {
    const data = join(freshDir(), 'db.json');
    const made = await runCli(['start', '--data', data, '--port', '0'], { stopWhen: (stdout) => stdout.includes('listening on') });
    expect(made.code).toBe(0);
    const before = { snapshot: readFileSync(data), mtime: statSync(data).mtimeMs, journal: readFileSync(`${data}.journal`) };
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const refused = await runCli(['start', '--data', data, '--port', String(port)]);
      expect(refused.code).toBe(2);
      // The next step is named: the mock that may hold the port, and another port.
      expect(refused.stderr).toContain(
        `commerce-mock: cannot listen on 127.0.0.1:${port}: the port is in use (EADDRINUSE). Is a mock already running there? Its health: http://127.0.0.1:${port}/__admin/health. Or choose another port: --port ${port + 1}, or --port 0 for any free one\n`,
      );
      expect(refused.stderr).not.toContain('opening the store');
    } finally {
      blocker.close();
    }
    expect({ snapshot: readFileSync(data), mtime: statSync(data).mtimeMs, journal: readFileSync(`${data}.journal`) }).toEqual(before);
    expect(existsSync(`${data}.lock`)).toBe(false);
  }, 60_000);

  it('a lock left by a process that is gone (a crash) is stale: the next start takes it over and releases it at stop', async () => {
    const data = join(freshDir(), 'db.json');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(`${data}.lock`, `${gone.stdout}\n`);
    const started = await runCli(['start', '--data', data, '--port', '0'], { stopWhen: (stdout) => stdout.includes('listening on') });
    expect(started.code).toBe(0);
    expect(existsSync(`${data}.lock`)).toBe(false);
  }, 60_000);
});
