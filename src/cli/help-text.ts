/**
 * The part of `--help` the ecosystem's CLIs end with: examples to copy, and where the command is documented. The
 * docs are `docs/cli.md`, shipped in the package, so the link works offline and matches the installed version.
 */
import type { Command } from 'commander';
import { SHIPPED } from '../platform/package-files.ts';

/**
 * The width commander wraps descriptions, options and arguments at, whatever the terminal: a wide terminal would
 * otherwise get an argument's list of outcomes as one line hundreds of characters long, and the help a user sees
 * is the help the docs and the tests see.
 */
export const HELP_WIDTH = 80;

/** No line of any command's help is longer: the examples, which commander does not wrap, are laid out to fit. */
export const HELP_LINE_MAX = 100;

const PROMPT = '  $ ';
const CONTINUED = '      ';

/**
 * Adds `Examples:` and `Docs:` after a command's options; `section` is the heading of docs/cli.md (none: the top).
 * An example is a command and, after `#`, what it does. When one of a command's examples does not fit on a line,
 * every comment of that command goes on its own line above its example, whole (a comment cut short reads as a
 * different claim), so the examples of one command read alike; a command still too long is continued with ` \`
 * before a flag, so it can be pasted into a shell as printed.
 */
export function withExamples(command: Command, section: string | undefined, examples: readonly string[]): Command {
  const oneLine = examples.every((example) => `${PROMPT}${example}`.length <= HELP_LINE_MAX);
  const laidOut = oneLine ? examples.map((example) => `${PROMPT}${example}`) : examples.flatMap(commentAbove);
  const lines = ['', 'Examples:', ...laidOut, '', `Docs: ${SHIPPED.cliDocs}${section ? `#${section}` : ''}`];
  return command.addHelpText('after', lines.join('\n'));
}

function commentAbove(example: string): string[] {
  const hash = example.search(/\s+# /);
  const [commandLine, comment] = hash === -1 ? [example, undefined] : [example.slice(0, hash), example.slice(hash).trim()];
  return [...(comment === undefined ? [] : [`  ${comment}`]), ...continued(commandLine)];
}

/** A command split before its flags into lines that fit, each but the last ending with ` \`. */
function continued(commandLine: string): string[] {
  const lines: string[] = [];
  let line = PROMPT;
  for (const part of commandLine.split(/ (?=--?[a-z])/)) {
    const next = line === PROMPT ? `${line}${part}` : `${line} ${part}`;
    if (next.length + 2 > HELP_LINE_MAX && line !== PROMPT && line !== CONTINUED) {
      lines.push(`${line} \\`);
      line = `${CONTINUED}${part}`;
    } else line = next;
  }
  return [...lines, line];
}
