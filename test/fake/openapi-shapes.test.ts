/** Every seeded record, as a client sees it, matches its schema in spec/openapi.yaml. */
import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { CollectionName, OrderRecord } from '../../src/domain/records.ts';
import { orderView } from '../../src/orders/views.ts';
import { toPublic } from '../../src/domain/public-view.ts';
import { expandedPart } from '../../src/openapi/references.ts';
import { createSchemaAjv, isObject, loadSpec, type JsonObject } from '../support/openapi-doc.ts';
import { seedFresh, snapshot } from '../support/seeded.ts';

const ajv = createSchemaAjv();
const doc = loadSpec();

function schemaValidator(name: string): ValidateFunction {
  const components = doc.components;
  const schemas = isObject(components) && isObject(components.schemas) ? components.schemas : {};
  const schema = expandedPart(doc, schemas[name]);
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
      validate(collection === 'orders' ? orderView(record as OrderRecord, 'http://localhost:4010') : toPublic(record)) ? [] : [`${record.id}: ${ajv.errorsText(validate.errors)}`],
    );
    expect(problems).toEqual([]);
  });
});
