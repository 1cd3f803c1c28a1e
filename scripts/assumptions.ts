/**
 * Lists what the mock assumes: every node of spec/openapi.yaml marked `x-assumed: true`, with a readable
 * location and its `x-assumed-reason`, rendered as a Markdown table.
 *
 *   tsx scripts/assumptions.ts           print the table
 *   tsx scripts/assumptions.ts --write   rewrite docs/assumptions.md
 *
 * The generator owns that whole page, intro and table, so neither can drift from the document.
 * test/spec/assumptions.test.ts fails when it is stale.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';

export const SPEC_FILE = fileURLToPath(new URL('../spec/openapi.yaml', import.meta.url));
export const PAGE_FILE = fileURLToPath(new URL('../docs/assumptions.md', import.meta.url));

export const PAGE_HEADING = '# What the mock assumes';
export const PAGE_INTRO = [
  'The published documentation of the Commerce and Subscription API leaves many things "not shown": response bodies,',
  'required fields, status values, pagination, limits, error shapes. The mock fills each gap with a choice, and',
  '`spec/openapi.yaml` marks every element it had to assume with `x-assumed: true` and a one-line `x-assumed-reason`.',
  'Each row below says what the documentation shows there and what the mock chose; anything not listed follows the',
  'published documentation. A marked schema, response or operation covers everything inside it unless a part is',
  'listed separately. Where your integration depends on one of these choices, check it against the real service',
  '(`commerce-mock verify` runs the same contracts against both, see [contracts](contracts.md)).',
  '',
  'This page is generated from the document by `npm run assumptions` (a test fails when it is stale).',
].join('\n');

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

export interface Assumption {
  /** Readable location, e.g. `POST /v1/orders › responses › 201` or `components.schemas.Order.checkout`. */
  where: string;
  /** The `x-assumed-reason`, or '' when missing. */
  reason: string;
  /** Raw path of the node in the document. */
  pointer: ReadonlyArray<string | number>;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Path prefix of the canonical (first) server, e.g. `/v1`. */
function canonicalPrefix(doc: unknown): string {
  const servers = isObject(doc) && Array.isArray(doc.servers) ? doc.servers : [];
  const first: unknown = servers[0];
  if (!isObject(first) || typeof first.url !== 'string') return '';
  try {
    return new URL(first.url).pathname.replace(/\/$/, '');
  } catch {
    return '';
  }
}

/** Schema-style suffix: `properties.x` → `.x`, `items` → `[]`, indexes → `[n]`. */
function schemaSuffix(segments: ReadonlyArray<string | number>): string {
  let out = '';
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i];
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (seg === 'properties' && i + 1 < segments.length) out += `.${String(segments[++i])}`;
    else if (seg === 'items') out += '[]';
    else out += `.${seg}`;
  }
  return out;
}

function describeLocation(doc: unknown, pointer: ReadonlyArray<string | number>): string {
  const [root, ...rest] = pointer;
  if (root === 'servers' && typeof rest[0] === 'number') {
    const server: unknown = isObject(doc) && Array.isArray(doc.servers) ? doc.servers[rest[0]] : undefined;
    const url = isObject(server) && typeof server.url === 'string' ? ` (${server.url})` : '';
    return `servers[${rest[0]}]${url}${schemaSuffix(rest.slice(1))}`;
  }
  if (root === 'paths' && typeof rest[0] === 'string') {
    const [path, method, ...inner] = rest;
    const isOperation = typeof method === 'string' && HTTP_METHODS.has(method);
    const head = isOperation
      ? `${String(method).toUpperCase()} ${canonicalPrefix(doc)}${path}`
      : `${canonicalPrefix(doc)}${path}`;
    const tail = isOperation ? inner : method === undefined ? [] : [method, ...inner];
    const parts = tail
      .filter((seg) => seg !== 'content' && seg !== 'properties')
      .map((seg) => (typeof seg === 'number' ? `[${seg}]` : seg));
    return [head, ...parts].join(' › ');
  }
  if (root === 'components' && rest.length >= 2) {
    return `components.${String(rest[0])}.${String(rest[1])}${schemaSuffix(rest.slice(2))}`;
  }
  return pointer.length === 0 ? '(document)' : `${String(root)}${schemaSuffix(rest)}`;
}

/** Every node marked `x-assumed: true`, in document order. */
export function collectAssumptions(doc: unknown): Assumption[] {
  const found: Assumption[] = [];
  const visit = (node: unknown, pointer: Array<string | number>): void => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => visit(child, [...pointer, i]));
      return;
    }
    if (!isObject(node)) return;
    if (node['x-assumed'] === true) {
      const reason = node['x-assumed-reason'];
      found.push({
        where: describeLocation(doc, pointer),
        reason: typeof reason === 'string' ? reason.trim() : '',
        pointer,
      });
    }
    for (const [key, child] of Object.entries(node)) {
      // Example values are data, not part of the description.
      if (key === 'example' || key === 'examples') continue;
      visit(child, [...pointer, key]);
    }
  };
  visit(doc, []);
  return found;
}

function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** The Markdown table of every assumption of the document. */
/**
 * A reason in two parts, as the page shows it: what the service's published documentation shows (the part before the
 * first `; ` of a reason that starts by saying so) and what the mock chose.
 */
export function splitReason(reason: string): { shows: string; chose: string } {
  const at = reason.indexOf('; ');
  if (at < 0 || !/^(The documentation|Public integrations)/.test(reason)) return { shows: '—', chose: reason };
  return { shows: reason.slice(0, at), chose: reason.slice(at + 2) };
}

export function renderAssumptionsTable(doc: unknown): string {
  const rows = collectAssumptions(doc).map((a) => {
    const { shows, chose } = splitReason(a.reason);
    return `| \`${cell(a.where)}\` | ${cell(shows)} | ${cell(chose)} |`;
  });
  return ['| Where | The documentation shows | The mock chose |', '|---|---|---|', ...rows].join('\n');
}

/** docs/assumptions.md as the generator owns it, whole. */
export function renderAssumptionsPage(doc: unknown): string {
  return [PAGE_HEADING, '', PAGE_INTRO, '', renderAssumptionsTable(doc), ''].join('\n');
}

export function loadSpec(file: string = SPEC_FILE): unknown {
  return parse(readFileSync(file, 'utf8'));
}

function main(argv: string[]): void {
  const doc = loadSpec();
  if (!argv.includes('--write')) {
    process.stdout.write(`${renderAssumptionsTable(doc)}\n`);
    return;
  }
  const before = existsSync(PAGE_FILE) ? readFileSync(PAGE_FILE, 'utf8') : undefined;
  const after = renderAssumptionsPage(doc);
  if (after !== before) writeFileSync(PAGE_FILE, after);
  const count = collectAssumptions(doc).length;
  process.stdout.write(`${after === before ? 'unchanged' : 'updated'} ${PAGE_FILE} (${count} assumptions)\n`);
}

const invokedAs = process.argv[1];
if (invokedAs !== undefined && import.meta.url === pathToFileURL(invokedAs).href) {
  main(process.argv.slice(2));
}
