/**
 * Comparisons whose ratios hold on a shared machine: two servers, both running, loaded in turn A B A B … for a
 * number of rounds, so that each ratio is taken between runs seconds apart, never minutes, after one unrecorded
 * warm-up run of each. The figures kept are the per-round ratios (their median and range) and each side's runs.
 */
import { load, type LoadResult, type LoadSpec } from './load.ts';
import { median } from './startup-support.ts';
import type { Started } from './servers.ts';

export interface Side {
  name: string;
  started: Started;
  /** The request to load this side with (a path differs between servers: ids, prefixes). */
  spec: Omit<LoadSpec, 'connections' | 'seconds'>;
}

export interface Comparison {
  label: string;
  /** What the ratio means, e.g. "A req/s ÷ B req/s". */
  ratioOf: 'rps' | 'time';
  connections: number;
  seconds: number;
  names: [string, string];
  rounds: Array<[LoadResult, LoadResult]>;
}

/**
 * A's throughput over B's (`rps`), or B's over A's (`time`: how many times longer A takes than B, for "within
 * 1.5× of" targets), per round.
 */
export function ratios(c: Comparison): number[] {
  return c.rounds.map(([a, b]) => (c.ratioOf === 'rps' ? a.rps / b.rps : b.rps / a.rps));
}

export function summary(values: number[]): { median: number; min: number; max: number } {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

export async function interleave(
  label: string,
  [a, b]: [Side, Side],
  options: { rounds: number; seconds: number; connections: number; ratioOf?: 'rps' | 'time'; warmUpSeconds?: number },
): Promise<Comparison> {
  const comparison: Comparison = {
    label,
    ratioOf: options.ratioOf ?? 'rps',
    connections: options.connections,
    seconds: options.seconds,
    names: [a.name, b.name],
    rounds: [],
  };
  const run = async (side: Side, seconds: number): Promise<LoadResult> => {
    const result = await load(side.started.server, { ...side.spec, connections: options.connections, seconds });
    const figures = side.started.figures;
    figures.rssPeakMiB = Math.max(Number.isNaN(figures.rssPeakMiB) ? 0 : figures.rssPeakMiB, result.rssPeakMiB);
    return result;
  };
  // A server's first load after it started pays for compiling the code that load reaches, and so does the load
  // generator's: without a warm-up, round 1 measures the compiler of whichever side goes first. Its figures are not
  // kept (its RSS peak is: it is load like the rest).
  const warmUpSeconds = options.warmUpSeconds ?? WARM_UP_SECONDS;
  if (warmUpSeconds > 0) {
    for (const side of [a, b]) {
      process.stderr.write(`  ${label}, warm-up (${warmUpSeconds} s, not kept): ${side.name}\n`);
      await run(side, warmUpSeconds);
    }
  }
  for (let round = 1; round <= options.rounds; round++) {
    const results: LoadResult[] = [];
    for (const side of [a, b]) {
      process.stderr.write(`  ${label}, round ${round}/${options.rounds}: ${side.name}\n`);
      results.push(await run(side, options.seconds));
    }
    comparison.rounds.push([results[0]!, results[1]!]);
  }
  return comparison;
}

/** The unrecorded run of each side before a comparison's rounds. */
export const WARM_UP_SECONDS = 2;
