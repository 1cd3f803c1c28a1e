/**
 * The README's "What the mock assumes" table is what scripts/assumptions.ts generates from the document, and
 * every assumption carries a reason.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import {
  README_FILE,
  collectAssumptions,
  extractReadmeTable,
  renderAssumptionsTable,
  updateReadme,
} from '../../scripts/assumptions.ts';
import { isObject, loadSpec } from './openapi-doc.ts';

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
    ]) {
      expect(where, expected).toContain(expected);
    }
  });
});

describe('README assumptions table', () => {
  it('is up to date (run `npm run assumptions` to refresh it)', () => {
    expect(existsSync(README_FILE), 'README.md exists').toBe(true);
    const readme = readFileSync(README_FILE, 'utf8');
    expect(readme).toContain('## What the mock assumes');
    expect(extractReadmeTable(readme)).toBe(renderAssumptionsTable(doc));
  });

  it('updateReadme only touches the text between the markers', () => {
    const before = '# Title\n\nIntro.\n\n## What the mock assumes\n\nText.\n\n<!-- assumptions:start -->\nold\n<!-- assumptions:end -->\n\n## After\n';
    const after = updateReadme(before, doc);
    expect(after.startsWith('# Title\n\nIntro.\n\n## What the mock assumes\n\nText.\n\n<!-- assumptions:start -->\n')).toBe(true);
    expect(after.endsWith('\n<!-- assumptions:end -->\n\n## After\n')).toBe(true);
    expect(extractReadmeTable(after)).toBe(renderAssumptionsTable(doc));
    expect(updateReadme(after, doc)).toBe(after);
  });

  it('updateReadme appends the section to a README without it, and creates one from nothing', () => {
    const appended = updateReadme('# Title\n\nSomething.\n', doc);
    expect(appended.startsWith('# Title\n\nSomething.\n\n## What the mock assumes\n')).toBe(true);
    expect(extractReadmeTable(appended)).toBe(renderAssumptionsTable(doc));
    expect(updateReadme(undefined, doc).startsWith('## What the mock assumes\n')).toBe(true);
  });
});
