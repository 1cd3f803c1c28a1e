/**
 * Valid requests generated from the document by json-schema-faker, seeded: a body from the operation's request
 * schema, query and path parameters from theirs, and a checker (Ajv as the server configures it) that says whether
 * what was generated is valid. Not a test file.
 */
import type { Ajv } from 'ajv';
import { JSONSchemaFaker, type Schema } from 'json-schema-faker';
import { addDecimalsKeyword, DECIMALS_KEYWORD } from '../../src/openapi/decimals-keyword.ts';
import { seededFractions } from '../../src/platform/random.ts';
import { createSchemaAjv, isObject, type JsonObject } from './openapi-doc.ts';

let random = seededFractions(1);

/**
 * json-schema-faker makes a `multipleOf: 0.01` number with Math.random, adds it to an integer in float arithmetic
 * and sometimes hands back a string: amounts (`x-decimals: n`) are made here instead, as whole cents, seeded.
 */
JSONSchemaFaker.define(DECIMALS_KEYWORD.replace(/^x-/, ''), (places, schema) => {
  const scale = 10 ** Number(places);
  const low = Math.ceil(Number(schema.minimum ?? 0) * scale);
  const high = Math.floor(Number(schema.maximum ?? 1_000_000) * scale);
  return (low + Math.floor(random() * (high - low + 1))) / scale;
});

export interface Generated {
  body?: unknown;
  query: Record<string, unknown>;
  path: Record<string, string>;
  contentType: string;
}

export type MediaType = 'application/json' | 'application/x-www-form-urlencoded';

function parametersSchema(operation: JsonObject, where: 'query' | 'path'): Schema {
  const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).filter(isObject).filter((p) => p.in === where);
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(parameters.map((p) => [String(p.name), p.schema as Schema])),
    required: parameters.filter((p) => p.required === true).map((p) => String(p.name)),
  } as Schema;
}

/** A copy of `schema` with amounts (`x-decimals`) and `quantity` fields capped. */
function capped(schema: unknown, bounds: { money: number; quantity: number }, key = ''): unknown {
  if (Array.isArray(schema)) return schema.map((child) => capped(child, bounds));
  if (!isObject(schema)) return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([name, child]) => [name, capped(child, bounds, name)]));
  if (DECIMALS_KEYWORD in schema) copy.maximum = Math.min(Number(schema.maximum ?? Infinity), bounds.money);
  if (key === 'quantity') copy.maximum = Math.min(Number(schema.maximum ?? Infinity), bounds.quantity);
  return copy;
}

/**
 * The request schemas of an operation: its body's (per media type) and its parameters'. With `bounds`, amounts and
 * quantities of the body are capped (a narrower schema: what it generates is still valid).
 */
export function requestSchemas(
  operation: JsonObject,
  bounds?: { money: number; quantity: number },
): { bodies: Partial<Record<MediaType, Schema>>; query: Schema; path: Schema } {
  const content = isObject(operation.requestBody) && isObject(operation.requestBody.content) ? operation.requestBody.content : {};
  const bodies: Partial<Record<MediaType, Schema>> = {};
  for (const type of ['application/json', 'application/x-www-form-urlencoded'] as const) {
    const media = content[type];
    if (isObject(media) && isObject(media.schema)) bodies[type] = (bounds ? capped(media.schema, bounds) : media.schema) as Schema;
  }
  return { bodies, query: parametersSchema(operation, 'query'), path: parametersSchema(operation, 'path') };
}

/** One request made from the schemas with the given seed; `allOptionals` fills every optional field. */
export function generate(schemas: ReturnType<typeof requestSchemas>, seed: number, allOptionals: boolean, form: boolean): Generated {
  random = seededFractions(seed);
  JSONSchemaFaker.option({
    random: () => random(),
    alwaysFakeOptionals: allOptionals,
    optionalsProbability: allOptionals ? 1 : 0.5,
    fillProperties: false,
    useExamplesValue: false,
    useDefaultValue: false,
    failOnInvalidTypes: true,
    failOnInvalidFormat: true,
    maxItems: 5,
  });
  const types = Object.keys(schemas.bodies) as MediaType[];
  const contentType = (form ? types.find((type) => type !== 'application/json') : undefined) ?? types[0] ?? 'application/json';
  const bodySchema = schemas.bodies[contentType];
  return {
    ...(bodySchema ? { body: JSONSchemaFaker.generate(bodySchema) } : {}),
    query: JSONSchemaFaker.generate(schemas.query) as Record<string, unknown>,
    path: Object.fromEntries(Object.entries(JSONSchemaFaker.generate(schemas.path) as Record<string, unknown>).map(([name, value]) => [name, String(value)])),
    contentType,
  };
}

let ajv: Ajv | undefined;

/** Ajv's complaints about `value` under `schema`, or [] when it is valid (as the server validates it). */
export function problems(schema: Schema, value: unknown): string[] {
  if (!ajv) {
    ajv = createSchemaAjv();
    addDecimalsKeyword(ajv);
  }
  const validate = ajv.compile(schema as object);
  return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}
