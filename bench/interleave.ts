/**
 * Comparisons whose ratios hold on a shared machine: two servers, both running, loaded in turn A B A B … for a
 * number of rounds, so that each ratio is taken between runs seconds apart, never minutes. The figures kept are the
 * per-round ratios (their median and range) and each side's runs.
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
  options: { rounds: number; seconds: number; connections: number; ratioOf?: 'rps' | 'time' },
): Promise<Comparison> {
  const comparison: Comparison = {
    label,
    ratioOf: options.ratioOf ?? 'rps',
    connections: options.connections,
    seconds: options.seconds,
    names: [a.name, b.name],
    rounds: [],
  };
  for (let round = 1; round <= options.rounds; round++) {
    const results: LoadResult[] = [];
    for (const side of [a, b]) {
      process.stderr.write(`  ${label}, round ${round}/${options.rounds}: ${side.name}\n`);
      const result = await load(side.started.server, { ...side.spec, connections: options.connections, seconds: options.seconds });
      const figures = side.started.figures;
      figures.rssPeakMiB = Math.max(Number.isNaN(figures.rssPeakMiB) ? 0 : figures.rssPeakMiB, result.rssPeakMiB);
      results.push(result);
    }
    comparison.rounds.push([results[0]!, results[1]!]);
  }
  return comparison;
}
