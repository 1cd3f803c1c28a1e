/**
 * The admin document's router is made at its first use (the API's first answer does not need it): it answers every
 * question as the router made at once over the same document does.
 */
import { describe, expect, it } from 'vitest';
import { createOpenApiRouter, lazyOpenApiRouter } from '../../src/openapi/openapi-router.ts';

describe('a router made at its first use', () => {
  it('lists, finds, matches, allows and names schemes as the router made at once', async () => {
    const eager = await createOpenApiRouter({ document: 'admin' });
    const lazy = lazyOpenApiRouter({ document: 'admin' });
    expect(lazy.match('GET', '/health')?.operationId).toBe(eager.match('GET', '/health')?.operationId);
    expect(lazy.match('GET', '/health')?.operationId).toBeDefined();
    expect(lazy.operations.map((operation) => operation.operationId)).toEqual(eager.operations.map((operation) => operation.operationId));
    expect(lazy.operation('armOutcome')?.path).toBe(eager.operation('armOutcome')?.path);
    expect(lazy.allowedMethods('/clients/mock-client/armed')).toEqual(eager.allowedMethods('/clients/mock-client/armed'));
    expect(lazy.literalPathMethods('/health')).toEqual(eager.literalPathMethods('/health'));
    expect(lazy.match('GET', '/no-such-thing')).toBeUndefined();
    expect(lazy.securityScheme('adminToken')).toEqual(eager.securityScheme('adminToken'));
  });

  it('validates a request as the router made at once: a wrong body is refused by both', async () => {
    const eager = await createOpenApiRouter({ document: 'admin' });
    const lazy = lazyOpenApiRouter({ document: 'admin' });
    const operation = eager.operation('armOutcome')!;
    const request = { method: 'POST', path: '/clients/mock-client/armed', headers: { 'content-type': 'application/json' }, query: {}, body: { times: 'twice' } };
    const [fromEager, fromLazy] = [eager.validate(request, operation), lazy.validate(request, lazy.operation('armOutcome')!)];
    expect(fromLazy).toEqual(fromEager);
    expect(fromLazy.ok).toBe(false);
  });
});
