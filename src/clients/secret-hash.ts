/**
 * A client secret as the mock keeps it wherever it is written down (the data file, its journal): a salted SHA-256,
 * `sha256$<salt>$<digest>`, never the secret itself. A token request is checked against the hash, in constant time.
 * Client secrets of a mock are credentials of a test tool, so one fast hash is enough: what matters is that the
 * secret is not there to be read.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { freshSalt } from '../platform/random.ts';

const PREFIX = 'sha256';

export function hashSecret(secret: string, salt = freshSalt()): string {
  return `${PREFIX}$${salt}$${digest(salt, secret)}`;
}

/** Whether `secret` is the one `hash` was made from; false for anything that is not such a hash. */
export function secretMatches(secret: string, hash: string): boolean {
  const [prefix, salt, expected] = hash.split('$');
  if (prefix !== PREFIX || salt === undefined || expected === undefined) return false;
  const given = Buffer.from(digest(salt, secret), 'hex');
  const wanted = Buffer.from(expected, 'hex');
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

function digest(salt: string, secret: string): string {
  return createHash('sha256').update(salt).update('\u0000').update(secret).digest('hex');
}
