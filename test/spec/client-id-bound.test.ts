/**
 * One bound for a client id: every field and parameter that names a client, in the API's document and the admin
 * document (a token request's `client_id`, a tenant, a drill, a reset, a lookup), accepts the same longest id as the
 * configuration and the CLI (CLIENT_ID_MAX_LENGTH), so a client the mock accepts can be named everywhere.
 */
import { describe, expect, it } from 'vitest';
import { CLIENT_ID_MAX_LENGTH, ID_PATTERN } from '../../src/domain/ids.ts';
import { loadAdminDocument, loadSpecDocument } from '../../src/openapi/spec-document.ts';

const NAMES = new Set(['clientId', 'client_id']);

/** Where a client id is named: `path: maxLength` for each schema property or parameter of that name. */
function clientIdBounds(node: unknown, at = ''): Array<[string, unknown]> {
  if (Array.isArray(node)) return node.flatMap((item, index) => clientIdBounds(item, `${at}[${index}]`));
  if (typeof node !== 'object' || node === null) return [];
  const object = node as Record<string, unknown>;
  const found: Array<[string, unknown]> = [];
  if (typeof object['name'] === 'string' && NAMES.has(object['name']) && typeof object['in'] === 'string') {
    found.push([`${at} (parameter)`, (object['schema'] as Record<string, unknown> | undefined)?.['maxLength']]);
  }
  const properties = object['properties'] as Record<string, Record<string, unknown>> | undefined;
  for (const name of NAMES) {
    const property = properties?.[name];
    if (property && property['type'] === 'string') found.push([`${at}.properties.${name}`, property['maxLength']]);
  }
  return [...found, ...Object.entries(object).flatMap(([key, value]) => clientIdBounds(value, `${at}/${key}`))];
}

describe('a client id has one bound', () => {
  it.each([
    ['spec/openapi.yaml', loadSpecDocument()],
    ['spec/admin.yaml', loadAdminDocument()],
  ])('every client id named in %s accepts up to CLIENT_ID_MAX_LENGTH characters', (_file, document) => {
    // What a caller sends (request bodies, parameters, an imported state's schemas), never what an answer shows.
    const bounds = clientIdBounds(document).filter(([path, max]) => !path.includes('/responses/') && !(path.startsWith('/components/schemas/') && max === undefined));
    expect(bounds.length).toBeGreaterThan(0);
    expect(bounds.filter(([, max]) => max !== CLIENT_ID_MAX_LENGTH)).toEqual([]);
  });
});

describe('a client id has one rule', () => {
  /** Every `pattern` a client id is given in the admin document (what a client, a tenant or an imported state may be called). */
  function clientIdPatterns(node: unknown): string[] {
    if (Array.isArray(node)) return node.flatMap(clientIdPatterns);
    if (typeof node !== 'object' || node === null) return [];
    const object = node as Record<string, unknown>;
    const property = (object['properties'] as Record<string, Record<string, unknown>> | undefined)?.['clientId'];
    const own = typeof property?.['pattern'] === 'string' ? [property['pattern']] : [];
    return [...own, ...Object.values(object).flatMap(clientIdPatterns)];
  }

  it("every clientId pattern of spec/admin.yaml is the id rule's (src/domain/ids.ts): never . or ..", () => {
    const patterns = clientIdPatterns(loadAdminDocument());
    expect(patterns.length).toBeGreaterThanOrEqual(3);
    expect([...new Set(patterns)].map((pattern) => new RegExp(pattern).source.replace('+', `{1,${CLIENT_ID_MAX_LENGTH}}`))).toEqual([ID_PATTERN.source]);
  });
});
