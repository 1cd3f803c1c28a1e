/**
 * `--help` as the ecosystem's CLIs write it: the defaults a user needs (start's port), examples to copy, and a link
 * to the command's section of docs/cli.md, which the package ships.
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
  [['arm', '--help'], 'arm'],
  [['mcp', '--help'], 'mcp'],
] as const;

describe('--help', () => {
  it.each(COMMANDS)('%j: exit 0, an Examples section and a docs link to a section that exists', async (args, section) => {
    const result = await runCli([...args]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/\nExamples:\n {2}\$ commerce-mock/);
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
});
