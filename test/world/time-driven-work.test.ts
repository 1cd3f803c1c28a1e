/**
 * The work the clock drives is listed once (src/world/time-driven-work.ts): the ticker makes it and
 * advance-until-idle looks ahead to it, both from that list.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TIME_DRIVEN_WORK } from '../../src/world/time-driven-work.ts';

const source = (path: string) => readFileSync(new URL(`../../src/${path}`, import.meta.url), 'utf8');

describe('the time-driven work', () => {
  it('lists order progressions, unbounded, then subscription billing, bounded by a slice’s steps', () => {
    expect(TIME_DRIVEN_WORK.map(({ name, bounded }) => ({ name, bounded }))).toEqual([
      { name: 'order progressions', bounded: false },
      { name: 'subscription billing', bounded: true },
    ]);
  });

  it.each(['server/clock-ticker.ts', 'admin/run-until-idle.ts'])('%s reads the one list and names no work of its own', (path) => {
    const text = source(path);
    expect(text).toContain("from '../world/time-driven-work.ts'");
    expect(text).not.toMatch(/flows\.(orders|subscriptions)\./);
  });
});
