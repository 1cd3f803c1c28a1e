/**
 * Fuzzing from the document, seeded and bounded: for every operation, requests made by mutating its documented
 * example (wrong types, missing or unknown fields, huge and unicode strings, extreme numbers, deep nesting,
 * `__proto__` keys, bodies that are not objects). Whatever arrives, the mock answers below 500 with an answer the
 * document allows (every answer is checked by the test setup), a refused request writes nothing, and what was
 * accepted reads back.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.ts';
import { counting } from '../support/counting-store.ts';
import { expandedCopy } from '../../src/openapi/references.ts';
import { isObject, loadSpec, operations, type JsonObject } from '../support/openapi-doc.ts';
import { bearer, createTestApp, tokenFor } from '../support/test-app.ts';

const SEED = 20261123;
const RUNS_PER_OPERATION = 25;

const doc = expandedCopy(loadSpec());

function exampleBody(operation: JsonObject): unknown {
  const media = isObject(operation.requestBody) && isObject(operation.requestBody.content) ? operation.requestBody.content['application/json'] : undefined;
  if (!isObject(media)) return undefined;
  if (media.example !== undefined) return media.example;
  const first = isObject(media.examples) ? Object.values(media.examples)[0] : undefined;
  return isObject(first) ? first.value : {};
}

function concretePath(path: string, operation: JsonObject): string {
  const parameters = Array.isArray(operation.parameters) ? operation.parameters.filter(isObject) : [];
  return `/v1${path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const parameter = parameters.find((candidate) => candidate.name === name);
    return encodeURIComponent(String(parameter?.example ?? 'x_1'));
  })}`;
}

/** Every place in a JSON value, as a list of keys from the root ([] is the root itself). */
function placesOf(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  const children = Array.isArray(value) ? value.map((child, index) => [index, child] as const) : isObject(value) ? Object.entries(value) : [];
  return [at, ...children.flatMap(([key, child]) => placesOf(child, [...at, key]))];
}

const deep = (levels: number): unknown => Array.from({ length: levels }).reduce<unknown>((inner) => [inner], 'bottom');

const junk = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, -0.001, 1e308, -1e308, 2 ** 53 + 1, '', [], {}),
  fc.integer(),
  fc.double(), // NaN and ±Infinity travel as null in JSON
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constant('x'.repeat(20_000)),
  fc.constant(deep(3000)),
  fc.constant({ __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } }),
);

const mutation = fc.record({
  kind: fc.constantFrom('replace', 'delete', 'add'),
  place: fc.nat(),
  key: fc.constantFrom('__proto__', 'constructor', 'unexpected', ''),
  value: junk,
});

type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

/** The JSON text of the example with one mutation applied (text, so `__proto__` keys travel as data). */
function mutated(example: unknown, change: Mutation): string {
  const body = JSON.parse(JSON.stringify(example ?? {})) as unknown;
  const places = placesOf(body);
  const place = places[change.place % places.length] ?? [];
  if (place.length === 0) return JSON.stringify(change.kind === 'replace' ? change.value : body);
  const parent = place.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], body);
  const target = parent as Record<string | number, unknown>;
  const last = place[place.length - 1] as string | number;
  if (change.kind === 'delete') delete target[last];
  else if (change.kind === 'replace') target[last] = change.value;
  else if (isObject(parent)) Object.defineProperty(parent, change.key, { value: change.value, enumerable: true, writable: true, configurable: true });
  return JSON.stringify(body);
}

const READ_BACK = ['/v1/products', '/v1/customers', '/v1/plans', '/v1/subscriptions', '/v1/orders', '/v1/payments'];

const cases = operations(doc).map(({ method, path, operation }) => [String(operation.operationId), method, path, operation] as const);

describe('requests made from the document, mutated', () => {
  it.each(cases)('%s: never a 5xx; a refusal writes nothing', async (_id, method, path, operation) => {
    const { store, writes } = counting(await openStore({}));
    const t = await createTestApp({ rateLimit: { enabled: false }, tokens: { maxActivePerClient: 1000 } }, { store });
    const auth = bearer(await tokenFor(t));
    await t.http.get('/v1/products').set(auth).expect(200); // lastUsedAt set: later reads in this frozen minute write nothing
    const url = concretePath(path, operation);
    const example = exampleBody(operation);
    await fc.assert(
      fc.asyncProperty(mutation, async (change) => {
        const before = writes();
        const request = t.http[method as 'get' | 'post'](url).set(auth).set('Content-Type', 'application/json');
        const response = method === 'get' ? await request : await request.send(mutated(example, change));
        expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
        if (response.status >= 400) expect(writes(), `${response.status} ${JSON.stringify(response.body)}`).toBe(before);
        // What was accepted must read back: every list that could now hold it answers too.
        if (response.status < 300 && writes() > before) {
          for (const list of READ_BACK) expect((await t.http.get(list).set(auth)).status, list).toBe(200);
        }
        expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      }),
      { seed: SEED, numRuns: RUNS_PER_OPERATION },
    );
  });
});
