/**
 * The examples of spec/openapi.yaml, collected once where they are written (media types, parameters, headers,
 * schemas), with the dereferenced schema each must validate against. Shared by the example tests.
 */
import type { ValidateFunction } from 'ajv';
import { expect } from 'vitest';
import { expandedCopy, expandedPart } from '../../src/openapi/references.ts';
import { createSchemaAjv, isObject, loadSpec, type JsonObject } from './openapi-doc.ts';


const ajv = createSchemaAjv();

const validators = new Map<unknown, ValidateFunction>();
function validatorFor(schema: JsonObject): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

/** Validation errors of `value` against an (already dereferenced) OpenAPI 3.0 schema; [] when valid. */
export function exampleErrors(schema: JsonObject, value: unknown): string[] {
  const validate = validatorFor(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`);
}

export interface ExampleCase {
  where: string;
  schema: JsonObject;
  value: unknown;
}

export const SCHEMA_CHILD_LISTS = ['oneOf', 'anyOf', 'allOf'] as const;

/**
 * Schema-level `example`s of a raw (not dereferenced) schema. `$ref` nodes are skipped: their targets are
 * visited once, where they are defined under components.schemas.
 */
function collectSchemaExamples(raw: unknown, where: string, out: ExampleCase[]): void {
  if (!isObject(raw) || typeof raw.$ref === 'string') return;
  if ('example' in raw) out.push({ where: `${where} (schema example)`, schema: resolve(raw), value: raw.example });
  if (isObject(raw.properties)) {
    for (const [name, child] of Object.entries(raw.properties)) collectSchemaExamples(child, `${where}.${name}`, out);
  }
  if (isObject(raw.items)) collectSchemaExamples(raw.items, `${where}[]`, out);
  if (isObject(raw.additionalProperties)) collectSchemaExamples(raw.additionalProperties, `${where}{*}`, out);
  if (isObject(raw.not)) collectSchemaExamples(raw.not, `${where}!`, out);
  for (const key of SCHEMA_CHILD_LISTS) {
    const list = raw[key];
    if (Array.isArray(list)) list.forEach((child, i) => collectSchemaExamples(child, `${where}.${key}[${i}]`, out));
  }
}

/**
 * Walks the raw document, so that every example is checked once, where it is written. Any object with a
 * `schema` is a media type, parameter or header: its `example` / `examples.*.value` are checked against the
 * dereferenced schema. Schemas under components.schemas and inline schemas contribute their own examples.
 */
function collectExamples(node: unknown, where: string, out: ExampleCase[]): void {
  if (Array.isArray(node)) {
    node.forEach((child, i) => collectExamples(child, `${where}[${i}]`, out));
    return;
  }
  if (!isObject(node)) return;
  if (isObject(node.schema)) {
    const schema = resolve(node.schema);
    if ('example' in node) out.push({ where: `${where} example`, schema, value: node.example });
    if (isObject(node.examples)) {
      for (const [name, example] of Object.entries(node.examples)) {
        const resolvedExample = isObject(example) && typeof example.$ref === 'string' ? resolve(example) : example;
        if (!isObject(resolvedExample) || !('value' in resolvedExample)) {
          throw new Error(`${where} examples.${name} has no value`);
        }
        out.push({ where: `${where} examples.${name}`, schema, value: resolvedExample.value });
      }
    }
    collectSchemaExamples(node.schema, `${where} schema`, out);
  }
  for (const [key, child] of Object.entries(node)) {
    if (key === 'schema' || key === 'example' || key === 'examples') continue;
    if (key === 'schemas' && where === 'components' && isObject(child)) {
      for (const [name, schema] of Object.entries(child)) collectSchemaExamples(schema, `components.schemas.${name}`, out);
      continue;
    }
    collectExamples(child, where ? `${where}.${key}` : key, out);
  }
}

export const doc = loadSpec();
export const resolved = expandedCopy(doc);
export function resolve(node: JsonObject): JsonObject {
  return expandedPart(doc, node) as JsonObject;
}
export const cases: ExampleCase[] = [];
collectExamples(doc, '', cases);

/** The value of a named request example of an operation (`paths./orders.post.requestBody…examples.<name>`). */
export function requestExample(path: string, method: string, name: string): JsonObject {
  const found = cases.filter(
    (c) => c.where.startsWith(`paths.${path}.${method}.requestBody.content.application/json `) && c.where.endsWith(` examples.${name}`),
  );
  expect(found.length, `${method.toUpperCase()} ${path} example ${name}`).toBe(1);
  const value = found[0]?.value;
  if (!isObject(value)) throw new Error(`${path} ${name} is not an object`);
  return value;
}

export const objects = (value: unknown): JsonObject[] => (Array.isArray(value) ? value.filter(isObject) : []);
