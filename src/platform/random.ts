/**
 * The only source of randomness. Secrets (tokens) and runtime ids come from the OS CSPRNG; seeded data comes
 * from a private, seeded faker instance (never the global one), so one seed always yields one dataset.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import { faker as baseTemplate } from '@faker-js/faker/locale/base';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ID_LENGTH = 20;

export interface Random {
  /** An opaque id with a type prefix, e.g. `prod_x8K…`. */
  id(prefix: string): string;
  /** A 256-bit bearer secret, base64url. */
  token(): string;
}

/** The alphabet's character codes, by the index a random byte picks. */
const ID_CODES = Buffer.from(ID_ALPHABET, 'latin1');
/** 62 does not divide 256: a byte of this value or more is passed over, which keeps the alphabet uniform. */
const UNIFORM_BELOW = 248;
/** The random bytes drawn for an id: twice its length, so that passing over some almost never needs a second draw. */
const ID_DRAW = ID_LENGTH * 2;
/** An id's prefix is a short type name (`prod`, `req`): one longer than this is joined as a string instead. */
const LONGEST_PREFIX = 24;
const UNDERSCORE = 0x5f;

/**
 * Ids drawn from the OS CSPRNG 4 KiB at a time (one per request costs no system call), each written as its
 * characters into a buffer and read out as one flat string: no string built character by character.
 */
function idWriter(): (prefix: string) => string {
  let pool = Buffer.alloc(0);
  let used = 0;
  const out = Buffer.alloc(LONGEST_PREFIX + 1 + ID_LENGTH);
  return (prefix) => {
    // Prefixes are the code's own ASCII type names: written as latin1, each character is one byte.
    const start = prefix.length <= LONGEST_PREFIX ? out.write(prefix, 0, 'latin1') + 1 : 0;
    if (start > 0) out[start - 1] = UNDERSCORE;
    let length = start;
    while (length - start < ID_LENGTH) {
      if (used + ID_DRAW > pool.length) {
        pool = randomBytes(4096);
        used = 0;
      }
      const end = used + ID_DRAW;
      for (; used < end && length - start < ID_LENGTH; used += 1) {
        const byte = pool[used] as number;
        if (byte < UNIFORM_BELOW) out[length++] = ID_CODES[byte % 62] as number;
      }
      used = end;
    }
    const written = out.toString('latin1', 0, length);
    return start === 0 ? `${prefix}_${written}` : written;
  };
}

/** A fresh salt for a stored hash (a client secret's, a PIN's): 16 bytes of the OS CSPRNG, base64url. */
export function freshSalt(): string {
  return randomBytes(16).toString('base64url');
}

export function createSecureRandom(): Random {
  const id = idWriter();
  return {
    id,
    token: () => randomBytes(32).toString('base64url'),
  };
}

/**
 * A faker instance private to its caller, seeded once, with the locale-free definitions only (`base`): the mock
 * draws numbers, strings, dates and choices among its own lists, none of which reads a locale, and a language's
 * definitions (pt_PT with its en fallback) were 480 KiB of the bundle, kept in the heap for nothing. Draws are the
 * same with or without them (test/platform/seeded-faker.test.ts). They come from the base entry point (the package
 * root loads every locale), whose own instance serves only as the template: it is never seeded or drawn from.
 */
export function createSeededFaker(seed: number): Faker {
  const FakerClass = baseTemplate.constructor as new (options: { locale: Faker['rawDefinitions'] }) => Faker;
  const faker = new FakerClass({ locale: baseTemplate.rawDefinitions });
  faker.seed(seed);
  return faker;
}

/** Ids for seeded records: same seed, same ids; same shape as runtime ids. */
export function seededId(faker: Faker, prefix: string): string {
  return `${prefix}_${faker.string.alphanumeric(ID_LENGTH)}`;
}

/**
 * A seeded stream of fractions in [0, 1) (mulberry32): scenario rules that fire with a probability draw from it,
 * so one seed always fires on the same requests.
 */
export function seededFractions(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A fresh seed for a run that was given none (a webhook drill): printed, so the run can be repeated with it. */
export function freshSeed(): number {
  return randomInt(1, 1_000_000);
}
