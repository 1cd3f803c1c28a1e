/** Runtime ids and tokens: the OS CSPRNG's bytes, ids in a uniform 62-character alphabet behind their type prefix. */
import { describe, expect, it } from 'vitest';
import { createSecureRandom } from '../../src/platform/random.ts';

describe('secure random ids', () => {
  it('are the prefix, an underscore and 20 characters of A–Z, a–z, 0–9, all different', () => {
    const random = createSecureRandom();
    const ids = Array.from({ length: 5000 }, () => random.id('req'));
    for (const id of ids) expect(id).toMatch(/^req_[A-Za-z0-9]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Each id is written as one flat string: the prefix stays whole, and ids of other prefixes do not mix.
    expect(random.id('prod')).toMatch(/^prod_[A-Za-z0-9]{20}$/);
    expect(random.id('req')).toMatch(/^req_[A-Za-z0-9]{20}$/);
  });

  it('a prefix longer than the writer holds is joined whole', () => {
    const random = createSecureRandom();
    const long = 'x'.repeat(40);
    expect(random.id(long)).toMatch(new RegExp(`^${long}_[A-Za-z0-9]{20}$`));
  });

  it('draw every character of the alphabet about as often (no byte value favours one)', () => {
    const random = createSecureRandom();
    const counts = new Map<string, number>();
    const ids = 20_000;
    for (let n = 0; n < ids; n += 1) for (const char of random.id('t').slice(2)) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = (ids * 20) / 62;
    // 400 000 draws: each count within 6 % of its share. Were the bytes 248–255 not passed over, the first 8
    // characters would come 25 % more often than the others.
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.06);
    const chiSquare = [...counts.values()].reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 61 degrees of freedom: a uniform draw passes 129 once in a million runs.
    expect(chiSquare).toBeLessThan(130);
  });
});
