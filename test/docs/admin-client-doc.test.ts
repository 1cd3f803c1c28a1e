/** docs/programmatic-api.md's method table names every method of the admin client, and no method it lacks. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAdminClient } from '../../src/index.ts';

const DOC = readFileSync(new URL('../../docs/programmatic-api.md', import.meta.url), 'utf8');

/** The client's methods by dotted path; a function's own methods too (`coverage.clear`). */
function methodsOf(value: unknown, path = ''): string[] {
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (typeof value === 'function') return [path, ...Object.entries(value).flatMap(([key, inner]) => methodsOf(inner, at(key)))];
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => methodsOf(inner, at(key)));
  return [];
}

/**
 * The methods the table's first column names. `.name(…)` after a method is its sibling (`snapshots.list()`,
 * `.save(name)`), or, after `method(…):`, a method of what it returns (`clients.clock(id)`: `.get()`).
 */
function documentedMethods(): string[] {
  const table = DOC.slice(DOC.indexOf('| method | admin route |'));
  const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2);
  return rows.flatMap((row) => {
    const cell = row.split(/(?<!\\)\|/)[1] ?? '';
    const spans = [...cell.matchAll(/`(\.?[a-zA-Z][\w.]*)\(/g)].map((found) => found[1] ?? '');
    const [first = '', ...rest] = spans;
    const owner = /^`[^`]+`:/.test(cell.trim()) ? first : first.slice(0, first.lastIndexOf('.'));
    return [first, ...rest.map((name) => (name.startsWith('.') ? `${owner}${name}` : name))];
  });
}

describe('the admin client in docs/programmatic-api.md', () => {
  const methods = methodsOf(createAdminClient('http://127.0.0.1:9'));
  const documented = documentedMethods();

  it('the table names every method of the client', () => {
    expect(methods.length).toBeGreaterThan(40);
    expect(methods.filter((method) => !documented.includes(method))).toEqual([]);
  });

  it('each method the table names is the client’s, or one of what a method returns (a tenant’s handle, a client’s clock)', () => {
    const known = (name: string) => methods.includes(name) || methods.some((method) => name.startsWith(`${method}.`));
    expect(documented.filter((name) => !known(name))).toEqual([]);
  });
});
