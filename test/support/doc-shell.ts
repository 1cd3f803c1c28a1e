/**
 * Runs the shell blocks of one page as a user's terminal would, one bash process per block: each block starts with
 * the variables, functions and working directory the page's earlier blocks left, and under `set -euo pipefail`,
 * so a failing command or an unset variable fails the block. Not a test file.
 */
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Tools a fresh Debian lacks that a block must not need: each answers with an error naming the rule. */
const REFUSED_TOOLS = ['jq', 'yq', 'http'];

export interface BlockRun {
  status: number | null;
  /** stdout and stderr as the terminal shows them, interleaved. */
  output: string;
  timedOut: boolean;
}

export interface Shell {
  run(script: string, timeoutMs: number): Promise<BlockRun>;
  /** A variable as the page's blocks have left it (undefined when unset). */
  variable(name: string): string | undefined;
}

/** A page's shell: in `dir`, with only `env` (no startup file is read: a user's own setup cannot change a block). */
export function pageShell(dir: string, env: Record<string, string>): Shell {
  const state = join(dir, '.doc-test-state.sh');
  writeFileSync(state, `cd -- ${quote(dir)}\n`);
  const prelude = prefix(state, baselineVariables(env));
  return {
    run: (script, timeoutMs) => runBash(`${prelude}; ${script}\n`, dir, env, timeoutMs),
    variable(name) {
      const read = spawnSync('bash', ['--noprofile', '--norc', '-c', `source ${quote(state)}; [[ -v ${name} ]] && printf %s "$${name}"`], { env, encoding: 'utf8' });
      return read.status === 0 ? read.stdout : undefined;
    },
  };
}

/** The variables of a fresh bash in this environment: not the page's, so not carried over. */
function baselineVariables(env: Record<string, string>): string[] {
  return spawnSync('bash', ['--noprofile', '--norc', '-c', 'compgen -v'], { env, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
}

/** One line, so that bash's "line N" in an error is the block's own line N. */
function prefix(state: string, baseline: string[]): string {
  const refused = REFUSED_TOOLS.map((tool) => `${tool}() { echo "doc-test: a block must not need ${tool} (not on a fresh Debian): use node, sed or grep" >&2; return 127; }`);
  const save = [
    '__doc_test_save() { {',
    'for __doc_test_name in $(compgen -v); do',
    'case "$__doc_test_baseline" in *" $__doc_test_name "*) continue;; esac;',
    'case "$__doc_test_name" in __doc_test_*) continue;; esac;',
    'declare -p "$__doc_test_name";',
    'done;',
    'for __doc_test_name in $(compgen -A function); do',
    `case " __doc_test_save ${REFUSED_TOOLS.join(' ')} " in *" $__doc_test_name "*) continue;; esac;`,
    'declare -f "$__doc_test_name";',
    'done;',
    `printf 'cd -- %q\\n' "$PWD"; } > ${quote(state)}; }`,
  ].join(' ');
  return [
    'exec 2>&1',
    'set -euo pipefail',
    `__doc_test_baseline=' ${baseline.join(' ')} '`,
    save,
    'trap __doc_test_save EXIT',
    `source ${quote(state)}`,
    ...refused,
  ].join('; ');
}

function runBash(script: string, cwd: string, env: Record<string, string>, timeoutMs: number): Promise<BlockRun> {
  return new Promise((resolve) => {
    // Its own process group, so a command a block leaves running is stopped with it.
    const child = spawn('bash', ['--noprofile', '--norc', '-c', script], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let timedOut = false;
    let status: number | null = null;
    const stopGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stopGroup();
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      status = code;
      stopGroup();
    });
    child.on('close', () => {
      clearTimeout(timer);
      resolve({ status, output, timedOut });
    });
  });
}

function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
