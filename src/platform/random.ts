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

function base62(bytes: Buffer, length: number): string {
  let out = '';
  // 62 does not divide 256; rejecting bytes ≥ 248 keeps the alphabet uniform. An index loop: one id per request.
  for (let at = 0; at < bytes.length && out.length < length; at += 1) {
    const byte = bytes[at] as number;
    if (byte < 248) out += ID_ALPHABET[byte % 62];
  }
  return out;
}

/** Random bytes drawn from the OS 4 KiB at a time: an id (one per request) then costs no system call. */
function bytePool(): (count: number) => Buffer {
  let pool = Buffer.alloc(0);
  let used = 0;
  return (count) => {
    if (used + count > pool.length) {
      pool = randomBytes(4096);
      used = 0;
    }
    used += count;
    return pool.subarray(used - count, used);
  };
}

export function createSecureRandom(): Random {
  const take = bytePool();
  return {
    id(prefix) {
      let body = '';
      while (body.length < ID_LENGTH) body += base62(take(ID_LENGTH * 2), ID_LENGTH - body.length);
      return `${prefix}_${body}`;
    },
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
