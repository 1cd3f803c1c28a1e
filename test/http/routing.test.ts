/** The router's own matching (patterns compiled once) answers as openapi-backend's matching does, path by path. */
import { describe, expect, it } from 'vitest';
import { sharedRouter } from '../support/shared-router.ts';

const router = await sharedRouter();
const documentPaths = [...new Set(router.backend.router.getOperations().map((operation) => operation.path))];
const concrete = documentPaths.flatMap((path) => {
  const filled = path.replace(/\{[^}]+\}/g, 'x_1');
  return [filled, `${filled}/`, `${filled}//`, ` ${filled}`, `${filled}?page=2`, `${filled}/extra`];
});
const paths = [...concrete, '/', '/nothing', '/products/sync', '/products/sync/batch', '/orders/ord_1/status', '/orders/ord.1/status', '/auth/token/list'];

describe('routing', () => {
  it.each(['get', 'post', 'put', 'patch', 'delete'])('%s: every path reaches the operation openapi-backend would pick', (method) => {
    const ours = paths.map((path) => `${path} → ${router.match(method, path)?.operationId}`);
    const theirs = paths.map((path) => `${path} → ${router.backend.router.matchOperation({ method, path, headers: {} })?.operationId}`);
    expect(ours).toEqual(theirs);
  });

  it('the paths tried do reach operations (the comparison is not vacuous)', () => {
    const reached = ['get', 'post'].flatMap((method) => paths.map((path) => router.match(method, path)?.operationId).filter(Boolean));
    expect(new Set(reached).size).toBeGreaterThanOrEqual(25);
  });
});
