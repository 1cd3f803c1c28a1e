/**
 * What pact-check judges is what the mock does: the fixtures' requests, replayed against a fresh mock, get the
 * status the contract expects where pact-check allows them, and a refusal where it does not.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTestApp, tokenFor } from '../support/test-app.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

describe('pact-check agrees with the mock', () => {
  interface FixtureRequest {
    method: string;
    path: string;
    headers?: Record<string, string[]>;
    body?: { content: unknown; contentType: string };
  }

  /** Replays the requests of a fixture against a fresh mock, with a real token where the pact holds an example. */
  async function replay(fixture: string): Promise<Array<{ description: string; status: number }>> {
    const pact = JSON.parse(readFileSync(join(FIXTURES, fixture), 'utf8')) as { interactions: Array<{ description: string; type: string; request: FixtureRequest }> };
    const t = await createTestApp();
    const token = await tokenFor(t);
    const answers = [];
    for (const { description, type, request } of pact.interactions) {
      if (type !== 'Synchronous/HTTP') continue;
      let call = t.http[request.method.toLowerCase() as 'get' | 'post' | 'delete'](request.path);
      for (const [name, values] of Object.entries(request.headers ?? {})) {
        call = call.set(name, name.toLowerCase() === 'authorization' ? `Bearer ${token}` : (values[0] ?? ''));
      }
      const response = request.body ? await call.type(request.body.contentType).send(request.body.content as object) : await call;
      answers.push({ description, status: response.status });
    }
    return answers;
  }

  it('answers the requests it allows with the status the contract expects, and the others as pact-check says', async () => {
    const valid = await replay('valid.v4.json');
    // The paid order of the last interaction is a provider state; an empty mock has no such order.
    expect(valid.slice(0, 2)).toEqual([
      { description: 'a token request with client credentials', status: 200 },
      { description: 'a product create', status: 201 },
    ]);
    expect(await replay('not-allowed.v4.json')).toEqual([
      { description: 'an unknown path', status: 404 },
      { description: 'a wrong method', status: 405 },
      { description: 'a product without a name', status: 400 },
      { description: 'an order status answered 202', status: 404 },
      { description: 'an order status off schema', status: 404 },
    ]);
    expect(await replay('expected-refusals.v4.json')).toEqual([
      { description: 'a token request sent as a form', status: 200 },
      { description: 'the status of an unknown order', status: 404 },
      { description: 'an order without items', status: 400 },
      { description: 'a product list without a token', status: 401 },
    ]);
  });
});
