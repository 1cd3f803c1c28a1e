/**
 * A wallet's PIN as the mock keeps it: scrypt (Node's own, `crypto.scrypt`), `scrypt$<N>$<salt>$<digest>`, never the
 * PIN itself. A PIN has few digits, so a fast hash would give it back from an exported state in a second; scrypt
 * makes each guess cost tens of milliseconds of CPU and 16 MiB of memory (a 6-digit PIN: hours, not a second).
 * A hash of the older format (`sha256$<salt>$<digest>`, a fast salted hash, as client secrets are kept) is still
 * checked, and the payer's next right PIN replaces it (`rehashed`).
 */
import { scryptSync, timingSafeEqual } from 'node:crypto';
import { freshSalt } from '../platform/random.ts';
import { secretMatches } from '../clients/secret-hash.ts';

const PREFIX = 'scrypt';
/** Node's default cost: 2^14 rounds, block size 8, no parallelism. */
const COST = 16_384;
const KEY_BYTES = 32;

export function hashPin(pin: string, salt = freshSalt()): string {
  return `${PREFIX}$${COST}$${salt}$${derive(pin, salt, COST).toString('hex')}`;
}

/** Whether `pin` is the one `hash` was made from (either format); false for anything else, a missing hash included. */
export function pinMatches(pin: string, hash: string | undefined): boolean {
  if (hash === undefined) return false;
  if (!hash.startsWith(`${PREFIX}$`)) return secretMatches(pin, hash);
  const [, cost, salt, expected] = hash.split('$');
  const rounds = Number(cost);
  if (salt === undefined || expected === undefined || !isPowerOfTwo(rounds) || rounds > COST) return false;
  const wanted = Buffer.from(expected, 'hex');
  const given = derive(pin, salt, rounds);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The hash a right PIN should be kept under from now on, when `hash` is of the older, fast format. */
export function rehashed(pin: string, hash: string | undefined): string | undefined {
  return hash === undefined || hash.startsWith(`${PREFIX}$`) ? undefined : hashPin(pin);
}

function derive(pin: string, salt: string, rounds: number): Buffer {
  return scryptSync(pin, salt, KEY_BYTES, { N: rounds, r: 8, p: 1 });
}

function isPowerOfTwo(value: number): boolean {
  return Number.isInteger(value) && value > 1 && (value & (value - 1)) === 0;
}
