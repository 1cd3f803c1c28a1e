// Build step: the server-rendered pages' templates (src/**/*.eta) → dist/, at the same relative paths, since
// tsc copies only code. Each page module reads its templates beside itself, under src/ or dist/ alike.
import { cpSync, readdirSync } from 'node:fs';
import { sep } from 'node:path';

const src = new URL('../src/', import.meta.url);
const dist = new URL('../dist/', import.meta.url);

for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
  const path = file.split(sep).join('/');
  if (path.endsWith('.eta')) cpSync(new URL(path, src), new URL(path, dist));
}
