/**
 * One owner each for time, randomness and the running process (docs/architecture.md): no other module of src/ reads
 * the time, draws randomness or touches `process`. Each check also runs on a sample that breaks it, so a check that
 * sees nothing cannot pass by accident.
 */
import { describe, expect, it } from 'vitest';
import { sourceModules } from '../support/source-modules.ts';

/** The lines that are code: not a comment line (`*`, `//`, `/*`). */
const codeLines = (text: string) => text.split('\n').filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line));

const READS_TIME = /\bDate\.now\(|new Date\(\)|\bperformance\.now\(|\bprocess\.hrtime\b/;
const DRAWS_RANDOMNESS = /\bMath\.random\(|\bcrypto\.(?:randomBytes|randomUUID|randomInt|getRandomValues)\b|^import\s*\{[^}]*\b(?:randomBytes|randomUUID|randomInt|getRandomValues)\b[^}]*\}\s*from\s*'node:crypto'/;
const TOUCHES_PROCESS = /(?<![\w.-])process\.(?!ts\b)\w+|from 'node:process'/;

/** The modules whose code lines match `pattern`. */
function offenders(pattern: RegExp, modules = sourceModules()): string[] {
  return modules.filter(({ text }) => codeLines(text).some((line) => pattern.test(line))).map(({ module }) => module);
}

describe('one owner each', () => {
  it('time: only platform/clock.ts reads it (Date.now, new Date(), performance.now, process.hrtime)', () => {
    expect(offenders(READS_TIME)).toEqual(['platform/clock.ts']);
  });

  it('randomness: only platform/random.ts draws it (a salt included)', () => {
    expect(offenders(DRAWS_RANDOMNESS)).toEqual(['platform/random.ts']);
  });

  /**
   * The running process: platform/host-process.ts (its id, Node's executable, the standard streams) and bin/ (the
   * arguments, the environment, signals and exit). The verifier's child is a script of its own, run by `node -e`: it
   * is the child's process it touches.
   */
  it('the running process: only platform/host-process.ts in src/ (bin/ owns the rest)', () => {
    const touching = offenders(TOUCHES_PROCESS);
    expect(touching).toEqual(['platform/host-process.ts', 'verify/verifier-process.ts']);
    const verifier = sourceModules().find(({ module }) => module === 'verify/verifier-process.ts')?.text ?? '';
    const outsideTheChildScript = verifier.replace(/const CHILD = `[^`]*`;/, '');
    expect(codeLines(outsideTheChildScript).filter((line) => TOUCHES_PROCESS.test(line))).toEqual([]);
  });

  it('each check sees what breaks it, and passes a comment or a name that only looks alike', () => {
    const sample = (text: string) => [{ module: 'x.ts', text }];
    for (const text of ['const at = Date.now();', 'const at = new Date();', 'const t = performance.now();', 'process.hrtime.bigint()']) {
      expect(offenders(READS_TIME, sample(text)), text).toEqual(['x.ts']);
    }
    for (const text of ["import { randomBytes } from 'node:crypto';", 'Math.random()', 'crypto.randomUUID()']) {
      expect(offenders(DRAWS_RANDOMNESS, sample(text)), text).toEqual(['x.ts']);
    }
    for (const text of ['process.exit(1);', "const env = process.env['X'];", "process.getBuiltinModule('node:https')", "import { argv } from 'node:process';"]) {
      expect(offenders(TOUCHES_PROCESS, sample(text)), text).toEqual(['x.ts']);
    }
    for (const text of [' * Date.now() and process.exit are read elsewhere', 'new Date(ms)', 'processCached(key)', "import { createHash } from 'node:crypto';"]) {
      expect([...offenders(READS_TIME, sample(text)), ...offenders(DRAWS_RANDOMNESS, sample(text)), ...offenders(TOUCHES_PROCESS, sample(text))], text).toEqual([]);
    }
  });
});
