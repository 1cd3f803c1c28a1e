/**
 * A seeded dataset is a fixed point: its history ends at the mock's start, so the first ticks bill nothing, and
 * two starts with the same seed hold the same ids and records, each timestamp the same distance from its start.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startCli, type Started } from '../support/cli.ts';

const running: Started[] = [];
afterEach(() => running.splice(0).forEach((started) => started.child.kill('SIGKILL')));

interface Exported {
  store: { meta: { dataset: { generatedAt: string } }; collections: Record<string, Record<string, unknown>> };
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The records with every timestamp replaced by its distance (ms) from the dataset's start instant. */
function relativeToStart(state: Exported): unknown {
  const startMs = Date.parse(state.store.meta.dataset.generatedAt);
  const relative = (value: unknown): unknown => {
    if (typeof value === 'string') return ISO.test(value) ? `start${Date.parse(value) - startMs >= 0 ? '+' : ''}${Date.parse(value) - startMs}ms` : value;
    if (Array.isArray(value)) return value.map(relative);
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, relative(item)]));
    return value;
  };
  return relative(state.store.collections);
}

async function exported(base: string): Promise<Exported> {
  return (await (await fetch(`${base}/__admin/state`)).json()) as Exported;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('seeded dataset', () => {
  it('two starts with --seed 42: the same ids and records, and the ticks after start bill nothing', async () => {
    const first = await startCli(['--in-memory', '--seed', '42']);
    running.push(first);
    const atStart = await exported(first.baseUrl);
    await pause(1500);
    const second = await startCli(['--in-memory', '--seed', '42']);
    running.push(second);
    await pause(1500);
    const firstAfterTicks = await exported(first.baseUrl);
    const secondAfterTicks = await exported(second.baseUrl);

    const counts = (state: Exported) => Object.fromEntries(Object.entries(state.store.collections).map(([name, records]) => [name, Object.keys(records).length]));
    expect(counts(atStart).payments).toBeGreaterThan(0);
    // The ticks of three seconds changed nothing: same records, byte for byte.
    expect(JSON.stringify(firstAfterTicks.store.collections)).toBe(JSON.stringify(atStart.store.collections));
    expect(Date.parse(secondAfterTicks.store.meta.dataset.generatedAt)).toBeGreaterThan(Date.parse(firstAfterTicks.store.meta.dataset.generatedAt));
    expect(JSON.stringify(relativeToStart(secondAfterTicks))).toBe(JSON.stringify(relativeToStart(firstAfterTicks)));
    // Every status of a subscription is still there (none was billed on by the first tick).
    const statuses = Object.values(secondAfterTicks.store.collections['subscriptions'] ?? {}).map((record) => (record as { status: string }).status);
    expect(statuses.sort()).toEqual(['ACTIVE', 'ACTIVE', 'CANCELLED', 'PAST_DUE', 'PAST_DUE', 'PENDING']);
  }, 60_000);
});
