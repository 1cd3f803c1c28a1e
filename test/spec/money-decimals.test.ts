/**
 * Money in both documents is `multipleOf: 0.01`, read as JSON Schema defines it: the division gives an integer, in
 * exact decimal arithmetic. The server applies exactly that to the number it received (its shortest decimal form,
 * what JSON carried), so it agrees with an exact evaluation of the document on every value; validators that divide
 * in binary floating point do not (docs/usage.md says how to make them exact). Every `multipleOf` carries the
 * matching `x-decimals`, the keyword the server's own validator applies.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { bearer, createTestApp, tokenFor } from '../support/test-app.ts';
import { seededFractions } from '../../src/platform/random.ts';

/** `value` as an exact decimal: digits and the power of ten they are scaled by. */
function exactDecimal(value: number): { digits: bigint; scale: number } {
  const [mantissa = '', exponentText] = String(value).toLowerCase().split('e');
  const [whole = '', fraction = ''] = mantissa.replace('-', '').split('.');
  const exponent = Number(exponentText ?? 0);
  const scale = fraction.length - exponent;
  const digits = BigInt(whole + fraction) * (value < 0 ? -1n : 1n);
  return scale >= 0 ? { digits, scale } : { digits: digits * 10n ** BigInt(-scale), scale: 0 };
}

/** JSON Schema's `multipleOf`, exactly: is value ÷ step an integer? */
function isMultipleOf(value: number, step: number): boolean {
  const a = exactDecimal(value);
  const b = exactDecimal(step);
  const scale = Math.max(a.scale, b.scale);
  return (a.digits * 10n ** BigInt(scale - a.scale)) % (b.digits * 10n ** BigInt(scale - b.scale)) === 0n;
}

/** Edge values: float sums that print long, amounts whose float division by 0.01 is not an integer, large cents. */
const EDGES = [0, 0.01, 0.07, 0.1 + 0.2, 1.0000001, 26.4, 26.400000000000002, 10000000.02, 999999999.99, 1e9, 4.35, 1.005, 0.015, 1e-7, 123.45, 8.2 * 3];

function randomAmounts(count: number): number[] {
  const random = seededFractions(20261127);
  return Array.from({ length: count }, (_, index) => {
    const cents = Math.floor(random() * 100_000_000_000);
    // Half written as cents, half as float sums of cents (what a client that adds prices in floats sends).
    return index % 2 === 0 ? cents / 100 : Math.floor(cents / 1000) / 100 + (cents % 1000) / 100;
  }).filter((value) => value <= 1e9);
}

function multipleOfSchemas(value: unknown, at: string, found: Array<[string, Record<string, unknown>]>) {
  if (Array.isArray(value)) value.forEach((item, index) => multipleOfSchemas(item, `${at}/${index}`, found));
  else if (typeof value === 'object' && value !== null) {
    const schema = value as Record<string, unknown>;
    if ('multipleOf' in schema) found.push([at, schema]);
    for (const [key, item] of Object.entries(schema)) multipleOfSchemas(item, `${at}/${key}`, found);
  }
  return found;
}

describe.each(['spec/openapi.yaml', 'spec/admin.yaml', 'spec/proxy.yaml'])('%s', (file) => {
  it('gives every multipleOf the x-decimals the server applies', () => {
    const schemas = multipleOfSchemas(parse(readFileSync(file, 'utf8')), '#', []);
    const mismatched = schemas.filter(([, schema]) => schema['x-decimals'] !== Math.round(-Math.log10(Number(schema['multipleOf']))));
    expect(mismatched.map(([at]) => at)).toEqual([]);
  });
});

describe('an amount the server accepts is exactly a multiple of 0.01', () => {
  const values = [...EDGES, ...randomAmounts(60)];

  it('on a product price (spec/openapi.yaml Money)', async () => {
    const t = await createTestApp();
    const auth = bearer(await tokenFor(t));
    for (const price of values) {
      const answer = await t.http.post('/v1/products').set(auth).send({ name: 'Caju', price });
      expect([price, answer.status]).toEqual([price, isMultipleOf(price, 0.01) ? 201 : 400]);
    }
  });

  it("on a wallet's balance (spec/admin.yaml)", async () => {
    const t = await createTestApp();
    for (const [index, balance] of values.entries()) {
      const phone = `84${String(1_000_000 + index).padStart(7, '0')}`;
      const answer = await t.http.put(`/__admin/clients/mock-client/wallets/${phone}`).send({ balance, pin: '1234' });
      expect([balance, answer.status]).toEqual([balance, isMultipleOf(balance, 0.01) ? 201 : 400]);
    }
  });
});

describe('what docs/usage.md says of a validator that divides in floating point', () => {
  it('holds for Ajv with its default options: 26.400000000000002 passes, 0.07 and 10000000.02 fail', async () => {
    const validate = new Ajv().compile({ type: 'number', multipleOf: 0.01 });
    expect([26.400000000000002, 0.07, 10000000.02].map((value) => validate(value))).toEqual([true, false, false]);
    expect([26.400000000000002, 0.07, 10000000.02].map((value) => isMultipleOf(value, 0.01))).toEqual([false, true, true]);
  });
});
