/** What the docs page must show, read from the documents themselves. Not a test file. */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { withBorrowedSchemas } from '../../src/openapi/shared-schemas.ts';
import { ADMIN_SPEC_PATH, SPEC_PATH } from '../../src/openapi/spec-document.ts';
import { operations, type JsonObject } from './openapi-doc.ts';

export function apiDocument(): JsonObject {
  return parse(readFileSync(SPEC_PATH, 'utf8')) as JsonObject;
}

/** spec/admin.yaml as the mock serves it: self-contained, the schemas it borrows from spec/openapi.yaml copied in. */
export function adminDocument(): JsonObject {
  return withBorrowedSchemas(parse(readFileSync(ADMIN_SPEC_PATH, 'utf8')) as JsonObject, apiDocument()) as JsonObject;
}

/** Swagger UI draws an operation once under each of its tags (once, under "default", when it has none). */
export function renderedOperationCount(document: JsonObject): number {
  return operations(document).reduce((sum, { operation }) => sum + Math.max(1, Array.isArray(operation['tags']) ? operation['tags'].length : 0), 0);
}
