/**
 * Lists what the mock assumes: every node of spec/openapi.yaml marked `x-assumed: true`, with a readable
 * location and its `x-assumed-reason`, rendered as a Markdown table.
 *
 *   tsx scripts/assumptions.ts           print the table
 *   tsx scripts/assumptions.ts --write   rewrite the README section "What the mock assumes"
 *
 * The generator owns that whole section, from its heading to the end marker: the intro paragraph as well as
 * the table, so neither can drift from the document. test/spec/assumptions.test.ts fails when it is stale.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';

export const SPEC_FILE = fileURLToPath(new URL('../spec/openapi.yaml', import.meta.url));
export const README_FILE = fileURLToPath(new URL('../README.md', import.meta.url));
export const START_MARKER = '<!-- assumptions:start -->';
export const END_MARKER = '<!-- assumptions:end -->';

export const SECTION_HEADING = '## What the mock assumes';
export const SECTION_INTRO = [
  'The published specification of the Commerce and Subscription API leaves many things "not shown": response',
  'bodies, required fields, status values, pagination, limits, error shapes. The mock fills each gap with a decision',
  'of the project contract (CONTRACT.md) or, where the contract is silent, with a choice of its own, and',
  '`spec/openapi.yaml` marks every element it had to assume with `x-assumed: true` and a one-line',
  '`x-assumed-reason` saying which; anything not listed here comes from the published specification. A marked',
  'schema, response or operation covers everything inside it unless a part is listed separately. This section, text',
  'and table, is generated from the document by `npm run assumptions` (a test fails when it is stale).',
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

/** The README section as the generator owns it: heading, intro, markers and table, up to the end marker. */
export function renderAssumptionsSection(doc: unknown): string {
  return [SECTION_HEADING, '', SECTION_INTRO, '', START_MARKER, renderAssumptionsTable(doc), END_MARKER].join('\n');
}

/** Offset of the section heading when it stands on a line of its own, else -1. */
function headingOffset(readme: string): number {
  for (let at = readme.indexOf(SECTION_HEADING); at >= 0; at = readme.indexOf(SECTION_HEADING, at + 1)) {
    const after = readme.slice(at + SECTION_HEADING.length).match(/^[ \t]*(\r?\n|$)/);
    if ((at === 0 || readme[at - 1] === '\n') && after) return at;
  }
  return -1;
}

/** Where the generated section sits in a README: from its heading line to the end of the end marker. */
function sectionBounds(readme: string): { start: number; end: number } | undefined {
  const start = headingOffset(readme);
  if (start < 0) return undefined;
  const end = readme.indexOf(END_MARKER, start);
  if (end < 0) return undefined;
  return { start, end: end + END_MARKER.length };
}

/** The generated section currently in a README text (heading to end marker), or undefined when it is missing. */
export function extractReadmeSection(readme: string): string | undefined {
  const bounds = sectionBounds(readme);
  return bounds && readme.slice(bounds.start, bounds.end);
}

/** The table currently between the markers of a README text, or undefined when the markers are missing. */
export function extractReadmeTable(readme: string): string | undefined {
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (start < 0 || end < start) return undefined;
  return readme.slice(start + START_MARKER.length, end).trim();
}

/**
 * README text with the assumptions section regenerated: replaces everything from the section heading to the
 * end marker (intro and table) when present, else appends the section at the end. The rest of the README is
 * left untouched.
 */
export function updateReadme(readme: string | undefined, doc: unknown): string {
  const section = renderAssumptionsSection(doc);
  if (readme === undefined || readme.trim() === '') return `${section}\n`;
  const bounds = sectionBounds(readme);
  if (bounds) return `${readme.slice(0, bounds.start)}${section}${readme.slice(bounds.end)}`;
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  // Markers without the heading: the section text around them was lost; put the whole section back there.
  if (start >= 0 && end > start) return `${readme.slice(0, start)}${section}${readme.slice(end + END_MARKER.length)}`;
  return `${readme.replace(/\s*$/, '')}\n\n${section}\n`;
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
