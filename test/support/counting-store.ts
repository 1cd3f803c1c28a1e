/**
 * A store that counts the writes made through it: a refused request must make none. The mock's own note that the
 * client met an outcome (its coverage, `mock.coverage` in the meta, saved the first time each outcome is met, a
 * refusal's included) is the mock observing the client, not something the request wrote: it is not counted.
 */
import type { Store } from '../../src/store/store-types.ts';

/** The store, counting every write made through it, and the record reads of each collection. */
const COVERAGE_META = 'mock.coverage';

export function counting(store: Store): { store: Store; writes: () => number; reads: (collection: string) => number } {
  let writes = 0;
  const reads = new Map<string, number>();
  const WRITES = new Set(['put', 'putMany', 'setMeta', 'clear']);
  const READS = new Set(['get', 'findByKey']);
  const wrapped = new Proxy(store, {
    get(target, key) {
      const member = Reflect.get(target, key) as (...args: unknown[]) => unknown;
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        if (WRITES.has(String(key)) && !(key === 'setMeta' && String(args[0]).startsWith(COVERAGE_META))) writes += 1;
        if (READS.has(String(key))) reads.set(String(args[0]), (reads.get(String(args[0])) ?? 0) + 1);
        return member.apply(target, args);
      };
    },
  });
  return { store: wrapped, writes: () => writes, reads: (collection) => reads.get(collection) ?? 0 };
}
