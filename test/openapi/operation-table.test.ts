/**
 * The router (the operation table): which operation a method and path reach, what a 405 allows, what a lookup by
 * operationId finds, and the operations it lists. A small document holds the cases the package's own documents have
 * few or none of (two templates matching one path); the HTTP tests hold the answers built from them: 405 with Allow
 * (test/http/protocol.test.ts), a literal path's 405 where a template matches (test/http/edge-cases.test.ts), an exact
 * path before a template (`/__admin/requests/count`, test/admin/journal.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { operationTable, operationsOf } from '../../src/openapi/operation-table.ts';
import { resolvedCopy } from '../../src/openapi/references.ts';

const op = (operationId: string, extra: object = {}) => ({ operationId, responses: { '200': { description: 'ok' } }, ...extra });

const document = {
  security: [{ bearerAuth: [] }],
  paths: {
    '/items/{item_id}': {
      parameters: [{ $ref: '#/components/parameters/ItemId' }],
      delete: op('deleteItem'),
      get: op('getItem', { parameters: [{ name: 'expand', in: 'query', schema: { type: 'string' } }] }),
    },
    '/items/latest': { get: op('latestItem', { security: [] }), post: op('touchLatest') },
    '/shelves/{shelf}/items/{item}': { get: op('shelfItem') },
    '/shelves/{shelf}/{position}/{item}': { get: op('shelfPosition') },
    '/shelves/a/{position}/{item}': { get: op('shelfAPosition') },
    '/boxes/{a}/x': { get: op('boxFirst') },
    '/boxes/x/{b}': { get: op('boxSecond') },
    '/files/{name}.json': { get: op('fileJson') },
  },
  components: { parameters: { ItemId: { name: 'item_id', in: 'path', required: true, schema: { type: 'string' } } } },
};

const table = operationTable(operationsOf(resolvedCopy(document)));
const reached = (method: string, path: string) => table.match(method, path)?.operationId;

describe('the router', () => {
  it('reaches the operation at the exact path before a template that also matches', () => {
    expect(reached('GET', '/items/latest')).toBe('latestItem');
    expect(reached('GET', '/items/first')).toBe('getItem');
  });

  it('tries the templates with the most literal characters first, in document order among equals', () => {
    expect(reached('GET', '/shelves/a/items/b')).toBe('shelfItem');
    expect(reached('GET', '/shelves/a/3/b')).toBe('shelfAPosition');
    expect(reached('GET', '/shelves/b/3/c')).toBe('shelfPosition');
    expect(reached('GET', '/boxes/x/x')).toBe('boxFirst');
  });

  it('ignores trailing slashes, surrounding spaces and the query string, and needs a method in either case', () => {
    for (const path of ['/items/latest/', '/items/latest//', ' /items/latest', '/items/latest?page=2', 'items/latest']) expect(reached('get', path), path).toBe('latestItem');
    expect(reached('GET', '/items/7/')).toBe('getItem');
  });

  it('matches a parameter within one segment, and the literal parts literally', () => {
    expect(reached('GET', '/items/a/b')).toBeUndefined();
    expect(reached('GET', '/items/')).toBeUndefined();
    expect(reached('GET', '/files/report.json')).toBe('fileJson');
    expect(reached('GET', '/files/reportxjson')).toBeUndefined();
    expect(reached('PUT', '/items/7')).toBeUndefined();
    expect(reached('GET', '/nothing')).toBeUndefined();
  });

  it('allows, for a 405, every method an operation serves at the path', () => {
    expect(table.allowedMethods('/items/7')).toEqual(['GET', 'DELETE']);
    expect(table.allowedMethods('/shelves/a/items/b')).toEqual(['GET']);
    expect(table.allowedMethods('/nothing')).toEqual([]);
  });

  it('knows the methods of a literal path of the document (its 405 allows only them), and only of one', () => {
    expect(table.literalPathMethods('/items/latest')).toEqual(['GET', 'POST']);
    expect(table.literalPathMethods('/items/7')).toBeUndefined();
  });

  it('finds an operation by its operationId', () => {
    expect(table.operation('shelfItem')?.path).toBe('/shelves/{shelf}/items/{item}');
    expect(table.operation('touchLatest')?.method).toBe('post');
    expect(table.operation('nothing')).toBeUndefined();
  });

  it('lists each operation with the path item\'s parameters after its own, resolved, and the document\'s security unless it names its own', () => {
    expect(table.operations.map((operation) => operation.operationId)).toEqual([
      'getItem', 'deleteItem', 'latestItem', 'touchLatest', 'shelfItem', 'shelfPosition', 'shelfAPosition', 'boxFirst', 'boxSecond', 'fileJson',
    ]);
    const getItem = table.operation('getItem');
    expect(getItem?.parameters?.map((parameter) => ('name' in parameter ? parameter.name : parameter.$ref))).toEqual(['expand', 'item_id']);
    expect(getItem?.security).toEqual([{ bearerAuth: [] }]);
    expect(table.operation('latestItem')?.security).toEqual([]);
  });
});
