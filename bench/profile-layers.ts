/**
 * Self time of a V8 CPU profile (`node --cpu-prof`) grouped by layer of the mock, for bench/profile-hot-path.ts.
 * A sample counts for the function running when it was taken; a native function without a script (`writev`,
 * `structuredClone`, a hash) counts for the layer of the nearest caller that has one, except JSON's own functions,
 * the garbage collector and V8's own time, which are layers of their own. The built mock runs as a bundle
 * (dist/bundle/): a function of it is named by its source file (src/… or node_modules/…) through the source map the
 * build writes beside each bundle file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CallFrame {
  functionName: string;
  url: string;
  /** Zero-based, where the function starts in its script. */
  lineNumber: number;
  columnNumber: number;
}

export interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export const LAYERS = [
  "node's own http/net and internals",
  'our http glue + stages',
  'openapi-backend + lodash',
  'Ajv and the precompiled validators',
  'store',
  'our other code (handlers, flows, tokens)',
  'Express and its router',
  'JSON / serialisation',
  'GC',
  'V8 and native (program)',
  'other',
] as const;

export type Layer = (typeof LAYERS)[number];

const DEPENDENCY_LAYERS: Array<[RegExp, Layer]> = [
  [/\/node_modules\/(openapi-backend|lodash|openapi-types|bath-es5|mock-json-schema)\//, 'openapi-backend + lodash'],
  [/\/node_modules\/(ajv|ajv-formats|fast-uri|fast-deep-equal|json-schema-traverse)\//, 'Ajv and the precompiled validators'],
  [/\/node_modules\/(express|router|body-parser|finalhandler|send|serve-static|path-to-regexp|qs|type-is|content-type|mime-types|accepts|parseurl|on-finished|statuses|depd|debug)\//, 'Express and its router'],
];

/** The layer of a function that has a script (its source file: sourceOf), or undefined for one that has none. */
export function layerOfUrl(url: string): Layer | undefined {
  if (url === '') return undefined;
  if (url.startsWith('node:')) return "node's own http/net and internals";
  for (const [pattern, layer] of DEPENDENCY_LAYERS) if (pattern.test(url)) return layer;
  if (url.includes('/node_modules/')) return 'other';
  if (/\/dist\/validators\//.test(url)) return 'Ajv and the precompiled validators';
  if (/\/dist\/vendor\/openapi-backend\./.test(url)) return 'openapi-backend + lodash';
  if (/\/src\/(http|openapi)\//.test(url)) return 'our http glue + stages';
  if (/\/src\/store\//.test(url)) return 'store';
  if (/\/src\//.test(url)) return 'our other code (handlers, flows, tokens)';
  return 'other';
}

const sourceMaps = new Map<string, { map: SourceMap; dir: string }>();

/**
 * The file a function was written in: for a bundle file of the build (dist/bundle/), the source its start maps
 * to (`src/…/x.ts`, `node_modules/…`), from the map beside it; any other script is its own source.
 */
export function sourceOf({ url, lineNumber, columnNumber }: CallFrame): string {
  if (!/^file:.*\/dist\/bundle\/[^/]+\.js$/.test(url)) return url;
  let known = sourceMaps.get(url);
  if (!known) {
    const file = `${fileURLToPath(url)}.map`;
    if (!existsSync(file)) throw new Error(`no source map ${file}: run \`npm run build\``);
    known = { map: new SourceMap(JSON.parse(readFileSync(file, 'utf8'))), dir: dirname(file) };
    sourceMaps.set(url, known);
  }
  const { originalSource } = known.map.findEntry(lineNumber, columnNumber) as { originalSource?: string };
  return originalSource === undefined ? url : resolvePath(known.dir, originalSource);
}

const OWN_LAYERS: Record<string, Layer> = {
  '(garbage collector)': 'GC',
  '(program)': 'V8 and native (program)',
  stringify: 'JSON / serialisation',
  parse: 'JSON / serialisation',
};

/**
 * Microseconds of self time per layer, counting only samples taken within [fromUs, toUs] of the profile's clock
 * (CLOCK_MONOTONIC on Linux, as `process.hrtime` reads it); idle time is left out.
 */
export function selfTimeByLayer(profile: CpuProfile, fromUs = -Infinity, toUs = Infinity): Map<Layer, number> {
  const totals = new Map<Layer, number>(LAYERS.map((layer) => [layer, 0]));
  for (const [key, us] of selfTime(profile, fromUs, toUs)) totals.set(key.layer, (totals.get(key.layer) ?? 0) + us);
  return totals;
}

/** The `count` functions of most self time, as `name (file) [layer]`, with their microseconds. */
export function topFunctions(profile: CpuProfile, count: number, fromUs = -Infinity, toUs = Infinity): Array<[string, number]> {
  const byName = new Map<string, number>();
  for (const [key, us] of selfTime(profile, fromUs, toUs)) {
    const file = key.url.replace(/^.*\/(node_modules|dist|src)\//, '$1/');
    const name = `${key.functionName || '(anonymous)'}${file ? ` (${file})` : ''} [${key.layer}]`;
    byName.set(name, (byName.get(name) ?? 0) + us);
  }
  return [...byName].sort((a, b) => b[1] - a[1]).slice(0, count);
}

interface NodeKey {
  functionName: string;
  /** The function's source file (sourceOf). */
  url: string;
  layer: Layer;
}

/** Self time per profile node (idle left out), each node with its layer. */
function selfTime(profile: CpuProfile, fromUs: number, toUs: number): Map<NodeKey, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const layerOf = new Map<number, Layer | 'idle'>();
  const resolve = (id: number): Layer | 'idle' => {
    const known = layerOf.get(id);
    if (known) return known;
    const frame = byId.get(id)!.callFrame;
    let layer: Layer | 'idle' | undefined = frame.functionName === '(idle)' ? 'idle' : frame.url === '' ? OWN_LAYERS[frame.functionName] : undefined;
    layer ??= layerOfUrl(sourceOf(frame));
    if (!layer) {
      const parent = parentOf.get(id);
      layer = parent === undefined || byId.get(parent)!.callFrame.functionName === '(root)' ? 'other' : resolve(parent);
    }
    layerOf.set(id, layer);
    return layer;
  };
  const keys = new Map<number, NodeKey>();
  const totals = new Map<NodeKey, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (at < fromUs || at > toUs) return;
    const layer = resolve(id);
    if (layer === 'idle') return;
    let key = keys.get(id);
    if (!key) {
      const frame = byId.get(id)!.callFrame;
      keys.set(id, (key = { functionName: frame.functionName, url: sourceOf(frame), layer }));
    }
    totals.set(key, (totals.get(key) ?? 0) + delta);
  });
  return totals;
}
