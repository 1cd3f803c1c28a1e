/**
 * Start-up side by side: the mock and a bare Express 5 route, spawned in turn A B A B …, each timed from spawn to
 * its first 2xx (the mock: a token; Express: its product), then stopped.
 */
import { LIMITS, ROOT } from './servers.ts';
import { cpuTicks } from './load.ts';
import { firstToken, median, request, sleep, spawnServer, stopServer } from './startup-support.ts';

export interface StartupComparison {
  names: [string, string];
  /** Per round: milliseconds from spawn to the first 2xx, A then B. */
  rounds: Array<[number, number]>;
  /** Per round: the server's CPU time (user + system, ms) at its first 2xx: steadier than wall time on a busy machine. */
  cpuMs: Array<[number, number]>;
}

interface FirstOk {
  ms: number;
  cpuMs: number;
}

async function firstOk(args: string[], probe: 'token' | string): Promise<FirstOk> {
  const server = await spawnServer(args, ROOT);
  const figures = (at: number) => ({ ms: at - server.spawnedAt, cpuMs: cpuTicks(server.child.pid) * 10 });
  try {
    if (probe === 'token') return figures((await firstToken(server.port)).at);
    for (;;) {
      const answer = await request(server.port, 'GET', probe).catch(() => undefined);
      if (answer && answer.status < 300) return figures(performance.now());
      if (performance.now() - server.spawnedAt > 10_000) throw new Error(`no 2xx to GET ${probe} within 10 s`);
      await sleep(5);
    }
  } finally {
    await stopServer(server.child);
  }
}

export async function compareStartup(mockArgs: string[], rounds: number): Promise<StartupComparison> {
  const express = LIMITS.find((limit) => limit.target === 'bare Express 5')!.args;
  const result: StartupComparison = { names: ['mock (bin as npm start runs it, default dataset in memory)', 'bare Express 5'], rounds: [], cpuMs: [] };
  // One discarded pair first: the file cache and the first spawn.
  await firstOk(mockArgs, 'token');
  await firstOk(express, '/v1/products/prod_bench');
  for (let round = 1; round <= rounds; round++) {
    process.stderr.write(`  start-up, round ${round}/${rounds}\n`);
    const mock = await firstOk(mockArgs, 'token');
    const bare = await firstOk(express, '/v1/products/prod_bench');
    result.rounds.push([mock.ms, bare.ms]);
    result.cpuMs.push([mock.cpuMs, bare.cpuMs]);
  }
  return result;
}

export const startupMedians = (c: StartupComparison) => ({
  mock: median(c.rounds.map(([a]) => a)),
  express: median(c.rounds.map(([, b]) => b)),
  mockCpu: median(c.cpuMs.map(([a]) => a)),
  expressCpu: median(c.cpuMs.map(([, b]) => b)),
});
