/** A presented token is found by its hash: the check that the hash is the stored one's, character for character. */
import { describe, expect, it } from 'vitest';
import { hashToken, isHashOf, tokenIdOfHash } from '../../src/tokens/rules.ts';

describe('isHashOf', () => {
  const stored = hashToken('a-secret');

  it('is true for the same secret’s hash only', () => {
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(isHashOf(hashToken('a-secret'), stored)).toBe(true);
    expect(isHashOf(hashToken('a-secreT'), stored)).toBe(false);
  });

  it('is false for a hash that differs in its last or first character, or in length', () => {
    const last = `${stored.slice(0, 63)}${stored.endsWith('0') ? '1' : '0'}`;
    const first = `${stored.startsWith('0') ? '1' : '0'}${stored.slice(1)}`;
    expect(isHashOf(last, stored)).toBe(false);
    expect(isHashOf(first, stored)).toBe(false);
    expect(isHashOf(stored.slice(0, 62), stored)).toBe(false);
    expect(isHashOf(`${stored}00`, stored)).toBe(false);
    expect(isHashOf('', stored)).toBe(false);
  });

  it('two secrets whose hashes share the id’s 32 characters are still told apart', () => {
    const twin = `${stored.slice(0, 32)}${'f'.repeat(32)}`;
    expect(tokenIdOfHash(twin)).toBe(tokenIdOfHash(stored));
    expect(isHashOf(twin, stored)).toBe(stored.endsWith('f'.repeat(32)));
  });
});
