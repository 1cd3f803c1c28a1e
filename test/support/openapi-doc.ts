/**
 * Shared helpers of the spec tests: load spec/openapi.yaml, resolve local `$ref`s, enumerate operations.
 * Not a test file (vitest only picks up *.test.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import { parse } from 'yaml';
import { MULTIPLE_OF_PRECISION } from '../../src/openapi/spec-document.ts';

export type JsonObject = Record<string, unknown>;

export const SPEC_FILE = fileURLToPath(new URL('../../spec/openapi.yaml', import.meta.url));
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function loadSpec(): JsonObject {
  const doc: unknown = parse(readFileSync(SPEC_FILE, 'utf8'));
  if (!isObject(doc)) throw new Error(`${SPEC_FILE} is not a YAML mapping`);
  return doc;
}

/** The node a local reference (`#/components/...`) points to. */
export function resolvePointer(doc: JsonObject, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported, got ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) && !Array.isArray(node)) throw new Error(`cannot resolve ${ref}`);
    node = (node as Record<string, unknown>)[key];
    if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
  }
  return node;
}

/** Follows `$ref` chains of a single node. */
export function follow(doc: JsonObject, node: unknown): unknown {
  let current = node;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error('$ref chain too long');
    current = resolvePointer(doc, current.$ref);
  }
  return current;
}

/** A deep copy of `node` with every local `$ref` replaced by its target (the document has no cycles). */
export function deref(doc: JsonObject, node: unknown = doc, seen: ReadonlyArray<string> = []): unknown {
  if (Array.isArray(node)) return node.map((child) => deref(doc, child, seen));
  if (!isObject(node)) return node;
  if (typeof node.$ref === 'string') {
    if (seen.includes(node.$ref)) throw new Error(`cyclic $ref ${[...seen, node.$ref].join(' → ')}`);
    return deref(doc, resolvePointer(doc, node.$ref), [...seen, node.$ref]);
  }
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(node)) out[key] = deref(doc, child, seen);
  return out;
}

export interface OperationEntry {
  method: string;
  path: string;
  operation: JsonObject;
}

export function operations(doc: JsonObject): OperationEntry[] {
  const out: OperationEntry[] = [];
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (isObject(operation)) out.push({ method, path, operation });
    }
  }
  return out;
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
