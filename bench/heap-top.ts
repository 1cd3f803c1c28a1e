/**
 * The top of a V8 heap snapshot: npx tsx bench/heap-top.ts FILE.heapsnapshot [--top N]
 *
 * Prints (1) the heap by kind of object: self size and count per constructor (strings, arrays and code by their
 * kind), and (2) the largest retainers: the objects whose retained size (what would be freed with them, from the
 * dominator tree) is largest, each with the edge it is reached by. Weak edges do not retain.
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] }; node_count: number };
  nodes: number[];
  edges: number[];
  strings: string[];
}

const [path, ...rest] = process.argv.slice(2);
if (!path) throw new Error('usage: heap-top.ts FILE.heapsnapshot [--top N]');
const TOP = Number(rest[rest.indexOf('--top') + 1] ?? 25) || 25;
const heap = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
const meta = heap.snapshot.meta;
const NF = meta.node_fields.length;
const EF = meta.edge_fields.length;
const [TYPE, NAME, , SELF, EDGE_COUNT] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((field) => meta.node_fields.indexOf(field)) as [number, number, number, number, number];
const [EDGE_TYPE, EDGE_NAME, TO] = ['type', 'name_or_index', 'to_node'].map((field) => meta.edge_fields.indexOf(field)) as [number, number, number];
const nodeTypes = meta.node_types[0];
const edgeTypes = meta.edge_types[0];
const count = heap.nodes.length / NF;
const firstEdge = new Uint32Array(count + 1);
for (let n = 0, e = 0; n < count; n++) {
  firstEdge[n] = e;
  e += heap.nodes[n * NF + EDGE_COUNT]! * EF;
  firstEdge[n + 1] = e;
}
const WEAK = edgeTypes.indexOf('weak');
const SHORTCUT = edgeTypes.indexOf('shortcut');
const strong = (e: number) => heap.edges[e + EDGE_TYPE] !== WEAK && heap.edges[e + EDGE_TYPE] !== SHORTCUT;

function kind(n: number): string {
  const type = nodeTypes[heap.nodes[n * NF + TYPE]!]!;
  if (type === 'object' || type === 'closure' || type === 'native') return `${type === 'object' ? '' : `${type} `}${heap.strings[heap.nodes[n * NF + NAME]!]}`;
  return `(${type})`;
}

// 1. By kind.
const byKind = new Map<string, { bytes: number; count: number }>();
let total = 0;
for (let n = 0; n < count; n++) {
  const self = heap.nodes[n * NF + SELF]!;
  total += self;
  const entry = byKind.get(kind(n)) ?? { bytes: 0, count: 0 };
  entry.bytes += self;
  entry.count += 1;
  byKind.set(kind(n), entry);
}
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
process.stdout.write(`${path}: ${count} nodes, ${mib(total)} MiB (self sizes)\n\n| kind | self MiB | count |\n|---|--:|--:|\n`);
for (const [name, { bytes, count: n }] of [...byKind].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, TOP)) {
  process.stdout.write(`| ${name.slice(0, 60)} | ${mib(bytes)} | ${n} |\n`);
}

// 2. Dominators (Cooper, Harvey, Kennedy: iterate over reverse postorder), from node 0 (the synthetic root).
const post = new Int32Array(count).fill(-1);
const order: number[] = [];
{
  const stack: number[] = [0];
  const cursor = new Uint32Array(count);
  const seen = new Uint8Array(count);
  seen[0] = 1;
  while (stack.length > 0) {
    const n = stack[stack.length - 1]!;
    const e = firstEdge[n]! + cursor[n]! * EF;
    if (e < firstEdge[n + 1]!) {
      cursor[n]! += 1;
      const to = heap.edges[e + TO]! / NF;
      if (strong(e) && !seen[to]) {
        seen[to] = 1;
        stack.push(to);
      }
    } else {
      stack.pop();
      post[n] = order.length;
      order.push(n);
    }
  }
}
const predecessors: number[][] = Array.from({ length: count }, () => []);
for (const n of order) {
  for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += EF) if (strong(e)) predecessors[heap.edges[e + TO]! / NF]!.push(n);
}
const idom = new Int32Array(count).fill(-1);
idom[0] = 0;
const intersect = (a: number, b: number) => {
  while (a !== b) {
    while (post[a]! < post[b]!) a = idom[a]!;
    while (post[b]! < post[a]!) b = idom[b]!;
  }
  return a;
};
for (let changed = true; changed; ) {
  changed = false;
  for (let i = order.length - 2; i >= 0; i--) {
    const n = order[i]!;
    let dom = -1;
    for (const p of predecessors[n]!) if (idom[p] !== -1) dom = dom === -1 ? p : intersect(p, dom);
    if (dom !== -1 && idom[n] !== dom) {
      idom[n] = dom;
      changed = true;
    }
  }
}
const retained = new Float64Array(count);
for (const n of order) {
  retained[n]! += heap.nodes[n * NF + SELF]!;
  if (n !== 0) retained[idom[n]!]! += retained[n]!;
}
/** The name of the edge from `n`'s dominator (or any retainer) to `n`. */
function edgeTo(n: number): string {
  for (const from of [idom[n]!, ...predecessors[n]!]) {
    for (let e = firstEdge[from]!; e < firstEdge[from + 1]!; e += EF) {
      if (heap.edges[e + TO]! / NF !== n) continue;
      const type = edgeTypes[heap.edges[e + EDGE_TYPE]!];
      const name = type === 'element' || type === 'hidden' ? `[${heap.edges[e + EDGE_NAME]}]` : heap.strings[heap.edges[e + EDGE_NAME]!];
      return `${kind(from).slice(0, 30)} .${String(name).slice(0, 40)}`;
    }
  }
  return '';
}
const biggest = order.filter((n) => n !== 0 && kind(n) !== '(synthetic)').sort((a, b) => retained[b]! - retained[a]!);
process.stdout.write(`\n| retainer | retained MiB | self KiB | reached by |\n|---|--:|--:|---|\n`);
for (const n of biggest.slice(0, TOP)) {
  process.stdout.write(`| ${kind(n).slice(0, 50)} | ${mib(retained[n]!)} | ${(heap.nodes[n * NF + SELF]! / 1024).toFixed(0)} | ${edgeTo(n)} |\n`);
}
