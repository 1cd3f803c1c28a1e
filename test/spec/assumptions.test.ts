/**
 * docs/assumptions.md (intro and table) is what scripts/assumptions.ts generates from the document, every assumption
 * carries a reason, each reason says what the published documentation shows apart from what the mock chose, and
 * the bounds the documentation never sets are called the mock's own choices.
 */
import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { PAGE_FILE, collectAssumptions, renderAssumptionsPage, splitReason } from '../../scripts/assumptions.ts';
import { isObject, loadSpec } from '../support/openapi-doc.ts';

const doc = loadSpec();

/** Every node carrying either marker, with its raw path. */
function markedNodes(node: unknown, path: string, out: Array<{ path: string; node: Record<string, unknown> }>): void {
  if (Array.isArray(node)) {
    node.forEach((child, i) => markedNodes(child, `${path}[${i}]`, out));
    return;
  }
  if (!isObject(node)) return;
  if ('x-assumed' in node || 'x-assumed-reason' in node) out.push({ path, node });
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'example' && key !== 'examples') markedNodes(child, `${path}/${key}`, out);
  }
}

describe('x-assumed markers', () => {
  const marked: Array<{ path: string; node: Record<string, unknown> }> = [];
  markedNodes(doc, '#', marked);

  it('exist', () => {
    expect(marked.length).toBeGreaterThan(50);
  });

  it('are always `x-assumed: true` with a non-empty one-line x-assumed-reason', () => {
    const bad = marked
      .filter(({ node }) => {
        const reason = node['x-assumed-reason'];
        return node['x-assumed'] !== true || typeof reason !== 'string' || reason.trim() === '' || /\n/.test(reason);
      })
      .map(({ path }) => path);
    expect(bad).toEqual([]);
  });

  it('never sit beside a $ref (OpenAPI 3.0 ignores siblings of $ref)', () => {
    expect(marked.filter(({ node }) => '$ref' in node).map(({ path }) => path)).toEqual([]);
  });

  it('are all listed by the generator, with readable distinct locations', () => {
    const assumptions = collectAssumptions(doc);
    expect(assumptions.length).toBe(marked.length);
    expect(assumptions.every((a) => a.reason.length > 0)).toBe(true);
    expect(new Set(assumptions.map((a) => a.where)).size).toBe(assumptions.length);
  });

  it('mark the servers and the schemas the seed does not show', () => {
    const where = new Set(collectAssumptions(doc).map((a) => a.where));
    for (const expected of [
      'servers[0] (http://localhost:4010/v1)',
      'servers[1] (http://localhost:4010/api/v1)',
      'servers[2] (http://localhost:4010/api)',
      'POST /v1/products',
      'GET /v1/auth/token/list',
      'components.schemas.Error',
      'components.schemas.Order',
      'components.schemas.OrderStatusValue',
      'components.schemas.PlanInterval',
      'components.schemas.TokenResponse',
      'components.securitySchemes.clientBasic',
      'components.parameters.Page',
      'components.headers.X-Request-Id',
      // guessed behaviours, each on the node that carries it
      'components.responses.CreateBadRequest', // create refuses a merchant key already used
      'components.responses.SubscriptionCreateBadRequest',
      'components.responses.TokenBadRequest', // sixth token
      'components.responses.RevokeBadRequest', // token of another client
      'components.responses.ReferenceBadRequest',
      'components.responses.OrderBadRequest',
      'components.responses.Unauthorized', // invalid_token
      'components.responses.TokenUnauthorized',
      'components.responses.Forbidden', // CLIENT_INATIVO on bearer calls
      'POST /v1/auth/token/revoke › responses › 200', // unknown token → 200
      'GET /v1/products › responses › 200', // list order
      'GET /v1/orders › responses › 200',
      'GET /v1/payments › responses › 200',
    ]) {
      expect(where, expected).toContain(expected);
    }
  });

  it('name the list order on every paginated list response', () => {
    const lists = collectAssumptions(doc).filter((a) => /^GET \/v1\/(products|customers|plans|subscriptions|orders|payments) › responses › 200$/.test(a.where));
    expect(lists.length).toBe(6);
    for (const a of lists) expect(a.reason, a.where).toMatch(/newest first/);
  });

  it("say that bounds the published documentation never sets are the mock's own choice", () => {
    // The documentation sets none of these: string lengths, maxLength, money/quantity/intervalCount/items maxima,
    // additionalProperties: false, minItems of batches.
    const own = /additionalProperties: false|maxLength|length bounds|maximum of|at most 100 items|at most 120|at least 1 record/;
    const bad = collectAssumptions(doc)
      .filter((a) => own.test(a.reason) && !/mock's own/.test(a.reason))
      .map((a) => `${a.where}: ${a.reason}`);
    expect(bad).toEqual([]);
  });
});

describe('docs/assumptions.md', () => {
  it('is up to date, intro and table (run `npm run assumptions` to refresh it)', () => {
    expect(readFileSync(PAGE_FILE, 'utf8')).toBe(renderAssumptionsPage(doc));
  });

  it('says, for each assumption that starts so, what the documentation shows apart from what the mock chose', () => {
    expect(splitReason('The documentation gives no success status codes; 201 for creations')).toEqual({
      shows: 'The documentation gives no success status codes',
      chose: '201 for creations',
    });
    expect(splitReason('MZN only')).toEqual({ shows: '—', chose: 'MZN only' });
    const rows = collectAssumptions(doc).map((a) => splitReason(a.reason));
    expect(rows.filter((row) => row.shows !== '—').length).toBeGreaterThan(rows.length * 0.9);
  });

  it('cites no file the repository does not hold, and no internal name a user cannot look up', () => {
    const page = renderAssumptionsPage(doc);
    expect(page).not.toMatch(/CONTRACT\.md|\bSeed\b/);
  });
});
