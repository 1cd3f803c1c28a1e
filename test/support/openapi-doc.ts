/**
 * Shared helpers of the spec tests: load spec/openapi.yaml, follow a node's `$ref`s, enumerate operations. A copy
 * with every `$ref` replaced is src/openapi/references.ts's `expandedCopy` (of one part: `expandedPart`).
 * Not a test file (vitest only picks up *.test.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import { parse } from 'yaml';
import { operationsOf } from '../../src/openapi/operation-table.ts';
import { referencedNode } from '../../src/openapi/references.ts';
import { MULTIPLE_OF_PRECISION } from '../../src/openapi/spec-document.ts';

export type JsonObject = Record<string, unknown>;

export const SPEC_FILE = fileURLToPath(new URL('../../spec/openapi.yaml', import.meta.url));

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function loadSpec(): JsonObject {
  const doc: unknown = parse(readFileSync(SPEC_FILE, 'utf8'));
  if (!isObject(doc)) throw new Error(`${SPEC_FILE} is not a YAML mapping`);
  return doc;
}

/**
 * Follows the `$ref` chain of one node of the raw document, leaving the references below it as written (for the
 * tests that judge the document's own `$ref`s); pointers resolved by src/openapi/references.ts.
 */
export function follow(doc: JsonObject, node: unknown): unknown {
  let current = node;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error('$ref chain too long');
    current = referencedNode(doc, current.$ref);
  }
  return current;
}

export interface OperationEntry {
  method: string;
  path: string;
  operation: JsonObject;
}

/**
 * Every operation of a document as the router lists them (src/openapi/operation-table.ts), for tests that read
 * operations as plain objects. On a raw document the references inside an operation stay as written.
 */
export function operations(doc: JsonObject): OperationEntry[] {
  return operationsOf(doc).map((operation) => ({ method: operation.method, path: operation.path, operation: operation as unknown as JsonObject }));
}

/** `/v1` for `http://localhost:4010/v1`: the path prefix of the canonical (first) server. */
export function canonicalPrefix(doc: JsonObject): string {
  const servers = Array.isArray(doc.servers) ? doc.servers : [];
  const first: unknown = servers[0];
  if (!isObject(first) || typeof first.url !== 'string') throw new Error('document has no servers[0].url');
  return new URL(first.url).pathname.replace(/\/$/, '');
}

/** Ajv as the server configures it: formats on, prices checked to 2 decimals without float noise. */
export function createSchemaAjv(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, multipleOfPrecision: MULTIPLE_OF_PRECISION });
  // ajv-formats is CommonJS; under NodeNext its plugin is the `default` property of the module.
  ajvFormats.default(ajv);
  return ajv;
}
