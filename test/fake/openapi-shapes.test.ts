/** Every seeded record, as a client sees it, matches its schema in spec/openapi.yaml. */
import { Ajv, type ValidateFunction } from 'ajv';
import * as ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { toPublic } from '../../src/domain/records.ts';
import type { CollectionName } from '../../src/store/types.ts';
import { deref, isObject, loadSpec, type JsonObject } from '../spec/openapi-doc.ts';
import { seedFresh, snapshot } from './seeded.ts';

type FormatsPlugin = (ajv: Ajv) => Ajv;
// ajv-formats is CommonJS: its default export arrives as the module object or as the function itself.
const formatsModule = ajvFormats as unknown as { default?: FormatsPlugin | { default?: FormatsPlugin } };
const addFormats: FormatsPlugin = (() => {
  const candidate = formatsModule.default;
  if (typeof candidate === 'function') return candidate;
  if (candidate && typeof candidate.default === 'function') return candidate.default;
  throw new Error('ajv-formats could not be loaded');
})();

const ajv = new Ajv({ strict: false, allErrors: true, multipleOfPrecision: 9 });
addFormats(ajv);
const doc = loadSpec();

function schemaValidator(name: string): ValidateFunction {
  const components = doc.components;
  const schemas = isObject(components) && isObject(components.schemas) ? components.schemas : {};
  const schema = deref(doc, schemas[name]);
  if (!isObject(schema)) throw new Error(`no schema ${name}`);
  return ajv.compile(schema as JsonObject);
}

const SCHEMA_OF: Array<[Exclude<CollectionName, 'tokens'>, string]> = [
  ['products', 'Product'],
  ['customers', 'Customer'],
  ['plans', 'Plan'],
  ['subscriptions', 'Subscription'],
  ['orders', 'Order'],
  ['payments', 'Payment'],
];

const data = snapshot((await seedFresh({ seed: 2026 })).store);

describe('seeded records against the OpenAPI document', () => {
  it.each(SCHEMA_OF)('%s match the %s schema', (collection, schema) => {
    const validate = schemaValidator(schema);
    const problems = data[collection].flatMap((record) =>
      validate(toPublic(record)) ? [] : [`${record.id}: ${ajv.errorsText(validate.errors)}`],
    );
    expect(problems).toEqual([]);
  });
});
