// What scripts/test-package.mjs runs its checks with: a named check that prints its outcome, a command run to
// completion in the installed folder, and a mock started there (in its own process group, so stopping it reaches
// the server under npx, and nothing outlives the run).
import { execFileSync, spawn, spawnSync } from 'node:child_process';

const running = new Set();
const env = (extra = {}) => ({ ...process.env, NO_UPDATE_NOTIFIER: '1', SCARF_ANALYTICS: 'false', ...extra });

/** Run one named check: prints it, its detail and its time; a failure carries the check's name. */
export async function check(name, body) {
  const started = performance.now();
  process.stdout.write(`• ${name} … `);
  try {
    const detail = await body();
    console.log(`ok (${((performance.now() - started) / 1000).toFixed(1)} s)${detail ? `: ${detail}` : ''}`);
  } catch (error) {
    console.log('FAILED');
    throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A command run to completion in `dir`: its stdout and stderr; a non-zero exit throws with both. */
export function commandIn(dir, command, args, extraEnv) {
  const result = spawnSync(command, args, { cwd: dir, env: env(extraEnv), encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status ?? result.signal}:\n${result.stdout}\n${result.stderr}`);
  return { stdout: result.stdout, stderr: result.stderr };
}

/** A mock started by `command args` in `dir`, once it prints the URL it listens on. */
export function startedMock(dir, command, args, timeoutMs = 120_000) {
  const child = spawn(command, args, { cwd: dir, env: env(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => {
    running.delete(child);
    resolve(code ?? signal);
  }));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening on" within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before listening:\n${output}`));
    });
    const read = (chunk) => {
      output += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      // SIGTERM to the server alone, as a supervisor would send it: npx then exits with the server's code.
      resolve(mockAt(url, () => {
        for (const pid of leavesOf(child.pid)) process.kill(pid, 'SIGTERM');
        return exited;
      }));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
  });
}

function mockAt(url, stop) {
  return {
    url,
    stop,
    async json(method, path, body, token) {
      const headers = { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
      const response = await fetch(`${url}${path}`, { method, headers, body: JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    },
    async status(path) {
      const response = await fetch(`${url}${path}`);
      await response.arrayBuffer();
      return response.status;
    },
  };
}

/** The processes under `pid` that have no children of their own: the server under npx, npm and a shell. */
function leavesOf(pid) {
  const parents = new Map();
  for (const line of execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' }).trim().split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    parents.set(parent, [...(parents.get(parent) ?? []), child]);
  }
  const leaves = (id) => (parents.has(id) ? parents.get(id).flatMap(leaves) : [id]);
  return leaves(pid);
}

/** Kill whatever a failed check left running (each mock runs in its own process group). */
export function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
