/**
 * The only source of randomness. Secrets (tokens) and runtime ids come from the OS CSPRNG; seeded data comes
 * from a private, seeded faker instance (never the global one), so one seed always yields one dataset.
 */
import { randomBytes } from 'node:crypto';
import { Faker, pt_PT, en, base } from '@faker-js/faker';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ID_LENGTH = 20;

export interface Random {
  /** An opaque id with a type prefix, e.g. `prod_x8K…`. */
  id(prefix: string): string;
  /** A 256-bit bearer secret, base64url. */
  token(): string;
}

function base62(bytes: Buffer, length: number): string {
  let out = '';
  // 62 does not divide 256; rejecting bytes ≥ 248 keeps the alphabet uniform.
  for (const byte of bytes) {
    if (byte < 248) out += ID_ALPHABET[byte % 62];
    if (out.length === length) break;
  }
  return out;
}

export function createSecureRandom(): Random {
  return {
    id(prefix) {
      let body = '';
      while (body.length < ID_LENGTH) body += base62(randomBytes(ID_LENGTH * 2), ID_LENGTH - body.length);
      return `${prefix}_${body}`;
    },
    token: () => randomBytes(32).toString('base64url'),
  };
}

/** A faker instance private to its caller, seeded once. */
export function createSeededFaker(seed: number): Faker {
  const faker = new Faker({ locale: [pt_PT, en, base] });
  faker.seed(seed);
  return faker;
}

/** Ids for seeded records: same seed, same ids; same shape as runtime ids. */
export function seededId(faker: Faker, prefix: string): string {
  return `${prefix}_${faker.string.alphanumeric(ID_LENGTH)}`;
}
