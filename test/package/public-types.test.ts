/**
 * The declarations a consumer's compiler reads (every .d.ts that dist/index.d.ts reaches) import nothing the
 * consumer may lack: only the package's own files and its `dependencies`. A dev dependency (express, any @types/*)
 * is absent from a consumer's install, and so are Node's types (`node:*`, `/// <reference types="node" />`) in a
 * project without @types/node: any of them fails a strict consumer's `tsc` (TS7016, TS2307). Reads the build.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT, SHIPPED } from '../../src/platform/package-files.ts';

const { dependencies } = JSON.parse(readFileSync(SHIPPED.packageJson, 'utf8')) as { dependencies: Record<string, string> };
const ENTRY = join(PACKAGE_ROOT, 'dist', 'index.d.ts');

/** Every module name a declaration file names: imports, re-exports, `import("…")` types, reference directives. */
function namesIn(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const names = [...source.typeReferenceDirectives.map((ref) => ref.fileName), ...source.referencedFiles.map((ref) => `./${ref.fileName}`)];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      names.push(node.moduleSpecifier.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      names.push(node.argument.literal.text);
    } else if (ts.isExternalModuleReference(node) && ts.isStringLiteral(node.expression)) {
      names.push(node.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** The declaration file a relative name in `from` resolves to (`./x.ts` and `./x.js` both mean `./x.d.ts`). */
function declarationOf(from: string, name: string): string {
  const base = resolve(dirname(from), name);
  return [base.replace(/\.(ts|js)$/, '.d.ts'), `${base}.d.ts`, join(base, 'index.d.ts')].find((path) => existsSync(path)) ?? base;
}

/** The package name of a bare module name (`@scope/name/sub` → `@scope/name`). */
const packageOf = (name: string) => name.split('/').slice(0, name.startsWith('@') ? 2 : 1).join('/');

function publicSurface() {
  const files = new Set<string>();
  const outside: string[] = [];
  const walk = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    if (!existsSync(file)) return void outside.push(`${relative(PACKAGE_ROOT, file)} (missing)`);
    for (const name of namesIn(file)) {
      if (name.startsWith('.')) walk(declarationOf(file, name));
      else if (!Object.hasOwn(dependencies, packageOf(name))) outside.push(`${relative(PACKAGE_ROOT, file)} → ${name}`);
    }
  };
  walk(ENTRY);
  return { files, outside };
}

describe('the public declarations', () => {
  it('reach only the package\'s own files and its dependencies (no dev dependency, no node: types)', () => {
    const { files, outside } = publicSurface();
    expect(files.size).toBeGreaterThan(1);
    expect(outside).toEqual([]);
  });
});
