/**
 * The README's "What the mock assumes" section (intro and table) is what scripts/assumptions.ts generates from
 * the document, every assumption carries a reason, and the reasons do not credit CONTRACT.md with the mock's own
 * choices.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import {
  README_FILE,
  SECTION_INTRO,
  collectAssumptions,
  extractReadmeSection,
  extractReadmeTable,
  renderAssumptionsSection,
  renderAssumptionsTable,
  updateReadme,
} from '../../scripts/assumptions.ts';
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

  it("say that bounds CONTRACT.md never sets are the mock's own choice", () => {
    // CONTRACT.md sets none of these: string lengths, maxLength, money/quantity/intervalCount/items maxima,
    // additionalProperties: false, minItems of batches.
    const own = /additionalProperties: false|maxLength|length bounds|maximum of|at most 100 items|at most 120|at least 1 record/;
    const bad = collectAssumptions(doc)
      .filter((a) => own.test(a.reason) && !/mock's own/.test(a.reason))
      .map((a) => `${a.where}: ${a.reason}`);
    expect(bad).toEqual([]);
  });
});

describe('README section "What the mock assumes"', () => {
  it('is up to date, intro and table (run `npm run assumptions` to refresh it)', () => {
    expect(existsSync(README_FILE), 'README.md exists').toBe(true);
    const readme = readFileSync(README_FILE, 'utf8');
    expect(readme).toContain('## What the mock assumes');
    expect(extractReadmeTable(readme)).toBe(renderAssumptionsTable(doc));
    expect(extractReadmeSection(readme)).toBe(renderAssumptionsSection(doc));
  });

  it('is stale when only its intro was edited by hand', () => {
    const readme = `# Title\n\n${renderAssumptionsSection(doc)}\n`;
    expect(extractReadmeSection(readme)).toBe(renderAssumptionsSection(doc));
    const edited = readme.replace(SECTION_INTRO, SECTION_INTRO.replace('project contract', "team's contract decisions"));
    expect(edited).not.toBe(readme);
    expect(extractReadmeTable(edited)).toBe(renderAssumptionsTable(doc));
    expect(extractReadmeSection(edited)).not.toBe(renderAssumptionsSection(doc));
    expect(updateReadme(edited, doc)).toBe(readme);
  });

  it('updateReadme rewrites the whole section, heading to end marker, and nothing else', () => {
    const before = '# Title\n\nIntro.\n\n## What the mock assumes\n\nOld text.\n\n<!-- assumptions:start -->\nold\n<!-- assumptions:end -->\n\n## After\n';
    const after = updateReadme(before, doc);
    expect(after).toBe(`# Title\n\nIntro.\n\n${renderAssumptionsSection(doc)}\n\n## After\n`);
    expect(after).not.toContain('Old text.');
    expect(updateReadme(after, doc)).toBe(after);
  });

  it('updateReadme appends the section to a README without it, and creates one from nothing', () => {
    const appended = updateReadme('# Title\n\nSomething.\n', doc);
    expect(appended).toBe(`# Title\n\nSomething.\n\n${renderAssumptionsSection(doc)}\n`);
    expect(updateReadme(appended, doc)).toBe(appended);
    expect(updateReadme(undefined, doc)).toBe(`${renderAssumptionsSection(doc)}\n`);
  });

  it('updateReadme puts the whole section back where only the markers are left', () => {
    const before = '# Title\n\n<!-- assumptions:start -->\nold\n<!-- assumptions:end -->\n\n## After\n';
    expect(updateReadme(before, doc)).toBe(`# Title\n\n${renderAssumptionsSection(doc)}\n\n## After\n`);
  });
});
