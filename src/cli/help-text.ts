/**
 * The part of `--help` the ecosystem's CLIs end with: examples to copy, and where the command is documented. The
 * docs are `docs/cli.md`, shipped in the package, so the link works offline and matches the installed version.
 */
import type { Command } from 'commander';
import { SHIPPED } from '../platform/package-files.ts';

/** Adds `Examples:` and `Docs:` after a command's options; `section` is the heading of docs/cli.md (none: the top). */
export function withExamples(command: Command, section: string | undefined, examples: readonly string[]): Command {
  const lines = ['', 'Examples:', ...examples.map((example) => `  $ ${example}`), '', `Docs: ${SHIPPED.cliDocs}${section ? `#${section}` : ''}`];
  return command.addHelpText('after', lines.join('\n'));
}
