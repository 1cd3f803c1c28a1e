/**
 * Records held compactly: JSON.parse makes a fresh string for every value, so 100,000 orders parsed from the
 * journal, the snapshot or `put`'s copy would each hold their own "mock-client", "PENDING", "MZN", customer id, and
 * a `createdAt` equal to their `updatedAt` twice. As a record enters the store, its short string values are looked
 * up here and the first instance seen is kept instead (then the record is frozen). The pool is bounded: past
 * `LIMIT` entries it starts afresh, so unique values (ids, times) never pile up in it, and values that repeat come
 * back at their next use.
 */
const LIMIT = 4096;
/** Longer strings are rarely repeated (descriptions, URLs): not worth a lookup. */
const MAX_LENGTH = 64;

export class StringPool {
  #strings = new Map<string, string>();

  /** `value`'s own (not yet frozen) objects get their short strings from the pool; then all of it is frozen. */
  freeze<T>(value: T): T {
    if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      const child = object[key];
      if (typeof child === 'string') {
        if (child.length <= MAX_LENGTH) object[key] = this.#intern(child);
      } else this.freeze(child);
    }
    return Object.freeze(value);
  }

  #intern(text: string): string {
    const known = this.#strings.get(text);
    if (known !== undefined) return known;
    if (this.#strings.size >= LIMIT) this.#strings = new Map();
    this.#strings.set(text, text);
    return text;
  }
}
