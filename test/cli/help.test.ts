/**
 * `--help` as the ecosystem's CLIs write it: the defaults a user needs (start's port), examples to copy, and a link
 * to the command's section of docs/cli.md, which the package ships. Every line of every command's help fits in 100
 * characters, and no example's comment is cut short. Runs in process: nothing here starts a server.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHIPPED } from '../../src/platform/package-files.ts';
import { runCli } from '../support/cli.ts';

/** The anchors of docs/cli.md's headings, as GitHub makes them. */
const anchors = readFileSync(SHIPPED.cliDocs, 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('#'))
  .map((line) => line.replace(/^#+ /, '').toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-'));

const COMMANDS = [
  [['--help'], undefined],
  [['start', '--help'], 'start'],
  [['scenarios', '--help'], 'scenarios'],
  [['scenarios', 'list', '--help'], 'scenarios'],
  [['scenarios', 'validate', '--help'], 'scenarios'],
  [['verify', '--help'], 'verify'],
  [['pact-check', '--help'], 'pact-check'],
  [['proxy', '--help'], 'proxy'],
  [['trigger', '--help'], 'trigger'],
  [['listen', '--help'], 'listen'],
  [['drill', '--help'], 'drill'],
  [['coverage', '--help'], 'coverage'],
  [['audit', '--help'], 'audit'],
  [['arm', '--help'], 'arm'],
  [['faults', '--help'], 'faults'],
  [['mcp', '--help'], 'mcp'],
  [['pact', '--help'], 'pact-record'],
  [['pact', 'record', '--help'], 'pact-record'],
  [['journal', '--help'], 'journal'],
] as const;

describe('--help', () => {
  it.each(COMMANDS)('%j: exit 0, an Examples section and a docs link to a section that exists', async (args, section) => {
    const result = await runCli([...args]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/\nExamples:\n(?: {2}# .+\n)? {2}\$ commerce-mock/);
    expect(result.stdout).toContain(`\nDocs: ${SHIPPED.cliDocs}${section ? `#${section}` : ''}\n`);
    if (section) expect(anchors).toContain(section);
  });

  it('drill --help and listen --help say what a secret of each format looks like (whsec_), and the variable that holds it', async () => {
    for (const command of ['drill', 'listen']) {
      const { stdout } = await runCli([command, '--help']);
      expect(stdout.replace(/\s+/g, ' ')).toContain('format standard: whsec_ and base64 of 24-64 random bytes; format mock: any 8-200 characters; env COMMERCE_MOCK_WEBHOOK_SECRET');
    }
  });

  it('start --help shows the default port (and host)', async () => {
    const result = await runCli(['start', '--help']);
    expect(result.stdout).toMatch(/--port <n> +port to listen on \(default 4010;/);
    expect(result.stdout).toContain('(default 127.0.0.1)');
  });

  it('COMMANDS holds every command and subcommand the help lists', async () => {
    expect(await commandsListed([])).toEqual(COMMANDS.map(([args]) => args.slice(0, -1).join(' ')).sort());
  });

  it.each(COMMANDS)('%j: every line fits in 100 characters', async (args) => {
    const { stdout } = await runCli([...args]);
    // The Docs line is the install's own path, which the command does not choose.
    const long = stdout.split('\n').filter((line) => line.length > 100 && !line.startsWith('Docs: '));
    expect(long).toEqual([]);
  });

  it.each(COMMANDS)('%j: no example is cut short', async (args) => {
    const { stdout } = await runCli([...args]);
    const examples = (stdout.split('\nExamples:\n')[1] ?? '').split('\n\nDocs: ')[0]?.split('\n') ?? [];
    const comments = examples.map((line) => /(?:^|\s)# (.*)$/.exec(line)?.[1]).filter((comment) => comment !== undefined);
    expect(comments.filter(cutShort)).toEqual([]);
    // A command continued with ` \` goes on, indented, on the next line.
    const dangling = examples.filter((line, index) => line.endsWith(' \\') && !/^ {6}\S/.test(examples[index + 1] ?? ''));
    expect(dangling).toEqual([]);
  });
});

/** `commerce-mock <path> --help`'s Commands section, and theirs in turn, as `scenarios list`-like paths. */
async function commandsListed(path: readonly string[]): Promise<string[]> {
  const { stdout } = await runCli([...path, '--help']);
  const section = stdout.split('\nCommands:\n')[1]?.split('\n\n')[0] ?? '';
  const names = [...section.matchAll(/^ {2}(\S+)/gm)].map((found) => found[1] ?? '').filter((name) => name !== 'help');
  const below = await Promise.all(names.map((name) => commandsListed([...path, name])));
  return [path.join(' '), ...below.flat()].sort();
}

/**
 * A comment that stops where a phrase cannot end: on an article, a preposition, a conjunction or a possessive
 * ("fails so", "for the"), or on an ellipsis. What it checks is that each comment was written to be read whole.
 */
function cutShort(comment: string): boolean {
  const last = comment.trim().split(/\s+/).at(-1)?.toLowerCase() ?? '';
  return /(…|\.\.\.)$/.test(last) || DANGLING.has(last.replace(/[^a-z']/g, ''));
}

const DANGLING: ReadonlySet<string> = new Set(
  ['a', 'an', 'the', 'and', 'or', 'but', 'nor', 'so', 'of', 'to', 'for', 'with', 'without', 'in', 'on', 'at', 'by', 'from', 'into', 'as', 'than', 'that', 'which', 'when', 'if', 'its', "it's", 'their', 'your', 'is', 'are', 'be', 'via', 'per'],
);

