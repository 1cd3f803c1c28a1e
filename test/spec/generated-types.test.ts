/**
 * src/core/api-types.gen.ts and src/core/admin-types.gen.ts are what `npm run types` (openapi-typescript) generates
 * from spec/openapi.yaml and spec/admin.yaml today: the test runs each script's very command, with its output
 * redirected to a temp file, and compares bytes.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');

/** A types script's arguments, split at the output file so the test can write elsewhere. */
async function typesScript(name: string): Promise<{ args: string[]; output: string }> {
  const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const [command, ...args] = (pkg.scripts[name] ?? '').trim().split(/\s+/);
  const at = args.indexOf('-o');
  const output = args[at + 1];
  if (command !== 'openapi-typescript' || at < 0 || !output) throw new Error(`unexpected "${name}" script: ${pkg.scripts[name]}`);
  return { args: args.filter((_arg, i) => i !== at && i !== at + 1), output };
}

describe('generated API types', () => {
  it.each([
    ['types:api', 'spec/openapi.yaml'],
    ['types:admin', 'spec/admin.yaml'],
  ])('`npm run %s`: its output is up to date with %s', async (script, document) => {
    const { args, output } = await typesScript(script);
    expect(args).toEqual([document]);
    const dir = await mkdtemp(join(tmpdir(), 'commerce-mock-types-'));
    try {
      const fresh = join(dir, 'types.gen.ts');
      await promisify(execFile)(process.execPath, [CLI, ...args, '-o', fresh], { cwd: ROOT, timeout: 50_000 });
      const [committed, generated] = await Promise.all([readFile(join(ROOT, output), 'utf8'), readFile(fresh, 'utf8')]);
      const freshLines = generated.split('\n');
      const line = committed.split('\n').findIndex((text, i) => text !== freshLines[i]) + 1;
      const where = committed === generated ? '' : ` (first difference at line ${line || 'end'})`;
      expect(committed === generated, `${output} is stale${where}: run \`npm run types\` and commit the result`).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // openapi-typescript takes seconds per document on a busy 2-core machine.
  }, 60_000);
});
