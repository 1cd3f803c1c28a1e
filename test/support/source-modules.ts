/** Every TypeScript module of src/, with its path relative to src/ and its text: what the architecture tests grep. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

export function sourceModules(): { module: string; text: string }[] {
  return sourceFiles(SRC).map((file) => ({ module: relative(SRC, file), text: readFileSync(file, 'utf8') }));
}
