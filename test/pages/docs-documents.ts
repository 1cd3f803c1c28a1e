/** What the docs page must show, read from the documents themselves. Not a test file. */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { ADMIN_SPEC_PATH, SPEC_PATH } from '../../src/openapi/spec-document.ts';
import { operations, type JsonObject } from '../spec/openapi-doc.ts';

export function apiDocument(): JsonObject {
  return parse(readFileSync(SPEC_PATH, 'utf8')) as JsonObject;
}

export function adminDocument(): JsonObject {
  return parse(readFileSync(ADMIN_SPEC_PATH, 'utf8')) as JsonObject;
}

/** Swagger UI draws an operation once under each of its tags (once, under "default", when it has none). */
export function renderedOperationCount(document: JsonObject): number {
  return operations(document).reduce((sum, { operation }) => sum + Math.max(1, Array.isArray(operation['tags']) ? operation['tags'].length : 0), 0);
}
