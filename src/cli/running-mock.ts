/**
 * What every command that talks to a running mock shares: the `--admin-token` option (its words and environment
 * variable) and the one rule of its `--url`, so a command added later refuses a bad URL as the others do.
 */
import type { Command } from 'commander';
import { DEFAULT_MOCK_URL } from './arm-lines.ts';

export const ADMIN_TOKEN_FLAGS = '--admin-token <token>';
export const ADMIN_TOKEN_HELP = "the mock's admin token on a non-loopback host (env COMMERCE_MOCK_ADMIN_TOKEN)";

/** Why `url` is not the address of a running mock (an http(s) URL with a host); undefined when it is. */
export function mockUrlProblem(url: string): string | undefined {
  return /^https?:\/\/[^/]/i.test(url) ? undefined : `--url: expected the http(s) URL of a running mock such as ${DEFAULT_MOCK_URL}, got "${url}"`;
}

/** A command of `program` that talks to a running mock: its name, its description, `--url` and `--admin-token`. */
export function runningMockCommand(program: Command, name: string, description: string, defaultUrl = DEFAULT_MOCK_URL): Command {
  return program.command(name).description(description).option('--url <url>', 'the running mock', defaultUrl).option(ADMIN_TOKEN_FLAGS, ADMIN_TOKEN_HELP);
}
