/**
 * Lists what the mock assumes: every node of spec/openapi.yaml marked `x-assumed: true`, with a readable
 * location and its `x-assumed-reason`, rendered as a Markdown table.
 *
 *   tsx scripts/assumptions.ts           print the table
 *   tsx scripts/assumptions.ts --write   replace the table between the markers in README.md
 *
 * test/spec/assumptions.test.ts fails when the README table is stale.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';

export const SPEC_FILE = fileURLToPath(new URL('../spec/openapi.yaml', import.meta.url));
export const README_FILE = fileURLToPath(new URL('../README.md', import.meta.url));
export const START_MARKER = '<!-- assumptions:start -->';
export const END_MARKER = '<!-- assumptions:end -->';

const SECTION_HEADING = '## What the mock assumes';
const SECTION_INTRO = [
  'The published specification of the Commerce and Subscription API leaves many things "not shown": response',
  'bodies, required fields, status values, pagination, limits, error shapes. The mock fills each gap with a decision',
  'of the project contract (CONTRACT.md), and `spec/openapi.yaml` marks every element it had to assume with',
  '`x-assumed: true` and a one-line `x-assumed-reason`; anything not listed here comes from the published',
  'specification. A marked schema, response or operation covers everything inside it unless a part is listed',
  'separately. The table is generated from the document by `npm run assumptions` (a test fails when it is stale).',
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
export function renderAssumptionsTable(doc: unknown): string {
  const rows = collectAssumptions(doc).map((a) => `| \`${cell(a.where)}\` | ${cell(a.reason)} |`);
  return ['| Where | What the mock assumes |', '|---|---|', ...rows].join('\n');
}

/** The README section (heading, intro, markers and table). */
export function renderAssumptionsSection(doc: unknown): string {
  return [SECTION_HEADING, '', SECTION_INTRO, '', START_MARKER, renderAssumptionsTable(doc), END_MARKER, ''].join('\n');
}

/** The table currently between the markers of a README text, or undefined when the markers are missing. */
export function extractReadmeTable(readme: string): string | undefined {
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (start < 0 || end < start) return undefined;
  return readme.slice(start + START_MARKER.length, end).trim();
}

/**
 * README text with the assumptions table refreshed: replaces the text between the markers when present,
 * else appends the whole section at the end (the rest of the README is left untouched).
 */
export function updateReadme(readme: string | undefined, doc: unknown): string {
  if (readme === undefined || readme.trim() === '') return renderAssumptionsSection(doc);
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (start >= 0 && end > start) {
    return `${readme.slice(0, start + START_MARKER.length)}\n${renderAssumptionsTable(doc)}\n${readme.slice(end)}`;
  }
  return `${readme.replace(/\s*$/, '')}\n\n${renderAssumptionsSection(doc)}`;
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
  const before = existsSync(README_FILE) ? readFileSync(README_FILE, 'utf8') : undefined;
  const after = updateReadme(before, doc);
  if (after !== before) writeFileSync(README_FILE, after);
  const count = collectAssumptions(doc).length;
  process.stdout.write(`${after === before ? 'unchanged' : 'updated'} ${README_FILE} (${count} assumptions)\n`);
}

const invokedAs = process.argv[1];
if (invokedAs !== undefined && import.meta.url === pathToFileURL(invokedAs).href) {
  main(process.argv.slice(2));
}
