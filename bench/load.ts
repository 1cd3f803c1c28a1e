/**
 * One bounded load run of bench/bench.ts: autocannon against a server in a child process on 127.0.0.1, with the
 * server's CPU time per request (user + system from /proc, over the run) and its peak RSS (sampled every 250 ms).
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { HOST, request, rssMiB, sleep, type Spawned } from './startup-support.ts';

/** autocannon stops at its deadline with up to one request per connection still in the server: let them finish. */
const DRAIN_MS = 1_000;

export interface LoadSpec {
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  token?: string;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Wall time per request at this concurrency, in ms: connections / (requests per second). */
  msPerRequest: number;
  cpuUs: number;
  rssPeakMiB: number;
  non2xx: number;
  /** Status and start of the body of one request sent after a run that had refusals or errors. */
  sample?: string;
}

/** The process's user + system CPU time, in clock ticks (100 per second), from /proc/<pid>/stat. */
export function cpuTicks(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]);
}

/** One request of the run's kind, sent alone. */
export function once(server: Spawned, spec: Omit<LoadSpec, 'connections' | 'seconds'>): ReturnType<typeof request> {
  return request(server.port, spec.method ?? 'GET', spec.path, {
    ...(spec.body === undefined ? {} : { body: spec.body }),
    ...(spec.token ? { token: spec.token } : {}),
  });
}

export async function load(server: Spawned, spec: LoadSpec): Promise<LoadResult> {
  await sleep(DRAIN_MS);
  const pid = server.child.pid;
  let rssPeakMiB = rssMiB(pid);
  const sampler = setInterval(() => (rssPeakMiB = Math.max(rssPeakMiB, rssMiB(pid))), 250);
  const before = cpuTicks(pid);
  try {
    const run = await autocannon({
      url: `http://${HOST}:${server.port}${spec.path}`,
      connections: spec.connections,
      duration: spec.seconds,
      method: spec.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...(spec.token ? { authorization: `Bearer ${spec.token}` } : {}) },
      ...(spec.body === undefined ? {} : { body: JSON.stringify(spec.body) }),
    });
    const answered = run.requests.total;
    const cpuUs = answered > 0 ? ((cpuTicks(pid) - before) * 10_000) / answered : 0;
    const non2xx = run.non2xx + run.errors + run.timeouts;
    const result: LoadResult = {
      rps: run.requests.average,
      p50: run.latency.p50,
      p99: run.latency.p99,
      msPerRequest: run.requests.average > 0 ? (1000 * spec.connections) / run.requests.average : Number.NaN,
      cpuUs,
      rssPeakMiB: Math.max(rssPeakMiB, rssMiB(pid)),
      non2xx,
    };
    if (non2xx > 0) {
      const probe = await once(server, spec).catch((error: unknown) => ({ status: 0, body: String(error) }));
      result.sample = `${probe.status} ${probe.body.slice(0, 160)}`;
    }
    return result;
  } finally {
    clearInterval(sampler);
  }
}
