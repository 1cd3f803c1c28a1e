/**
 * The layers of src/, read from the imports themselves: no module imports a layer above its own, no files
 * import each other in a circle, and the pure rules of the flows touch neither the store nor HTTP.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceModules } from '../support/source-modules.ts';
import { FOLDERS } from '../support/layers.ts';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

const LAYERS: ReadonlyArray<readonly [number, RegExp]> = [
  ...FOLDERS.map((folder, layer) => [layer, new RegExp(`^${folder}/`)] as const),
  [FOLDERS.length, /^index\.ts$/],
];

/** Rules of the flows: values in, values out; no store, no deps bag, no HTTP. */
const PURE = [
  'orders/pricing.ts',
  'orders/progression.ts',
  'orders/transitions.ts',
  'orders/payment-record.ts',
  'orders/views.ts',
  'orders/payer-prompt.ts',
  'domain/payer-outcomes.ts',
  'domain/pagination.ts',
  'catalog/metadata.ts',
  'catalog/upsert.ts',
  'catalog/catalog-kinds.ts',
  'domain/public-view.ts',
  'catalog/record-events.ts',
  'subscriptions/periods.ts',
  'subscriptions/billing.ts',
  'subscriptions/billing-steps.ts',
  'tokens/rules.ts',
  'pages/checkout/payer-number.ts',
  'pages/checkout/payer-action.ts',
  'pages/checkout/checkout-view.ts',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\('([^']+)'\)/g;

/** Module (relative to src/) → the modules it imports: relative ones resolved, packages by name. */
const graph = new Map<string, string[]>(
  sourceFiles(SRC).map((file) => {
    const specifiers = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? '');
    const targets = specifiers.map((specifier) => (specifier.startsWith('.') ? relative(SRC, resolve(dirname(file), specifier)) : specifier));
    return [relative(SRC, file), targets];
  }),
);

/** The same, of what a module loads when it runs: type-only imports left out (they are erased). */
const RUNTIME_IMPORT = /(?:^|\n)\s*(?:import|export)\s(?!type\s)[^'"]*?from\s+'([^']+)'|import\('([^']+)'\)|(?:^|\n)\s*import\s+'([^']+)'/g;
const runtimeGraph = new Map<string, string[]>(
  sourceFiles(SRC).map((file) => {
    const specifiers = [...readFileSync(file, 'utf8').matchAll(RUNTIME_IMPORT)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
    return [relative(SRC, file), specifiers.filter((specifier) => specifier.startsWith('.')).map((specifier) => relative(SRC, resolve(dirname(file), specifier)))];
  }),
);

function layerOf(module: string): number | undefined {
  return LAYERS.find(([, pattern]) => pattern.test(module))?.[0];
}

describe('imports of src/', () => {
  it('every module belongs to a layer', () => {
    expect([...graph.keys()].filter((module) => layerOf(module) === undefined)).toEqual([]);
  });

  it('no module imports a layer above its own', () => {
    const upward = [...graph].flatMap(([module, targets]) =>
      targets
        .filter((target) => graph.has(target) && (layerOf(target) ?? 0) > (layerOf(module) ?? 0))
        .map((target) => `${module} → ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('the vocabulary (generated, errors, domain) imports nothing above it, not even a package', () => {
    const lowest = (module: string) => (layerOf(module) ?? Infinity) <= FOLDERS.indexOf('domain');
    const outside = [...graph]
      .filter(([module]) => lowest(module))
      .flatMap(([module, targets]) => targets.filter((target) => !lowest(target)).map((target) => `${module} → ${target}`));
    expect(outside).toEqual([]);
  });

  it('no files import each other in a circle', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (module: string, path: string[]): void => {
      if (state.get(module) === 'done') return;
      if (state.get(module) === 'visiting') {
        cycles.push([...path.slice(path.indexOf(module)), module].join(' → '));
        return;
      }
      state.set(module, 'visiting');
      for (const target of graph.get(module) ?? []) if (graph.has(target)) visit(target, [...path, module]);
      state.set(module, 'done');
    };
    for (const module of graph.keys()) visit(module, []);
    expect(cycles).toEqual([]);
  });

  it('no stage imports another stage: what two stages share is a module of http/', () => {
    const stages = [...graph.keys()].filter((module) => module.startsWith('http/stages/'));
    expect(stages.length).toBeGreaterThan(10);
    const crossings = stages.flatMap((module) =>
      (graph.get(module) ?? []).filter((target) => target.startsWith('http/stages/')).map((target) => `${module} → ${target}`),
    );
    expect(crossings).toEqual([]);
  });

  it("a request's scenario is settled in one module, and its decision is carried out beside the engine that takes it", () => {
    const modules = sourceModules();
    expect(modules.filter(({ text }) => /request\.scenario\s*=[^=]/.test(text)).map(({ module }) => module)).toEqual(['scenarios/request-scenario.ts']);
    expect(modules.filter(({ text }) => /\.decide\(/.test(text)).map(({ module }) => module)).toEqual(['scenarios/scenario-rules.ts']);
    expect(graph.get('http/stage.ts')?.filter((target) => target.startsWith('scenarios/'))).toEqual([]);
  });

  it.each(PURE)('%s (a rule) imports no store, deps, HTTP or express', (module) => {
    const targets = graph.get(module);
    expect(targets, `${module} exists`).toBeDefined();
    expect(targets?.filter((target) => /^(store\/|http\/|deps\/|express$|lowdb)/.test(target))).toEqual([]);
  });

  it("the tools take from the core only its shared ground (docs/architecture.md's list)", () => {
    const tools = ['conformance/', 'pact-check/', 'proxy/', 'verify/'];
    const helpers = ['media-types', 'request-body', 'query', 'redact', 'routing', 'security-needs', 'basic-credentials', 'send-reply', 'base-url', 'request-site', 'loopback'];
    // domain/admin-path.ts: the one rule of which paths are the admin API's, which the proxy's guard reads as the mock does.
    const ground = new RegExp(`^(errors/|platform/|openapi/|admin-http/|provider-states/|domain/admin-path\\.ts$|http/(${helpers.join('|')})\\.ts$)`);
    const core = (target: string) => (layerOf(target) ?? Infinity) <= FOLDERS.indexOf('server');
    const reached = [...graph]
      .filter(([module]) => tools.some((tool) => module.startsWith(tool)))
      .flatMap(([module, targets]) => targets.filter((target) => graph.has(target) && core(target) && !ground.test(target)).map((target) => `${module} → ${target}`));
    expect(reached).toEqual([]);
  });

  it("the tools never load a stage of the request path or a client's world, even through the ground they share", () => {
    const tools = ['conformance/', 'pact-check/', 'proxy/', 'verify/'];
    const reachable = new Set<string>();
    const visit = (module: string) => {
      if (reachable.has(module) || !runtimeGraph.has(module)) return;
      reachable.add(module);
      for (const target of runtimeGraph.get(module) ?? []) visit(target);
    };
    for (const module of runtimeGraph.keys()) if (tools.some((tool) => module.startsWith(tool))) visit(module);
    expect(reachable.size).toBeGreaterThan(20);
    expect([...reachable].filter((module) => /^(http\/stages\/|world\/|deps\/world\.ts$|server\/)/.test(module))).toEqual([]);
  });

  it('one admin client: no module but admin-http/ fetches from an admin URL it builds', () => {
    const code = (text: string) => text.split('\n').filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line) && !line.includes('.description('));
    const builders = sourceModules()
      .filter(({ module, text }) => !module.startsWith('admin-http/') && text.includes('fetch('))
      .filter(({ text }) => code(text).some((line) => /\}\/__admin|['"`]\/__admin/.test(line)))
      .map(({ module }) => module);
    expect(builders).toEqual([]);
  });

  it('only src/store imports lowdb, and only http/, pages/ and server/ import express', () => {
    const offenders = [...graph].flatMap(([module, targets]) => [
      ...(targets.some((target) => target.startsWith('lowdb')) && !module.startsWith('store/') ? [`${module} → lowdb`] : []),
      ...(targets.includes('express') && !/^(http\/|pages\/|server\/)/.test(module) ? [`${module} → express`] : []),
    ]);
    expect(offenders).toEqual([]);
  });
});
