/**
 * The flags of `commerce-mock drill` checked before anything starts, in English and without echoing a secret:
 * what the mock would refuse for any client (a URL that is no http(s) URL, credentials in it, an admin API path,
 * an empty client, a secret of the wrong length or, in format standard, of the wrong shape). What only the mock
 * knows (an unknown client, the client's endpoint format) is its answer, translated in drill-admin.ts.
 */
import { InvalidArgumentError } from 'commander';
import { adminPathOf } from '../domain/admin-path.ts';
import { MAX_WEBHOOK_URL_LENGTH } from '../domain/webhook-url.ts';
import { chosenWebhookSecret } from './webhook-secret-option.ts';
import { CLIENT_ID_MAX_LENGTH } from '../domain/ids.ts';

export interface DrillFlags {
  url: string;
  mock?: string;
  config?: string;
  client?: string;
  format?: 'mock' | 'standard';
  secret?: string;
  timeout?: number;
  seed?: number;
  report?: string;
  adminToken?: string;
}

/** What the drill is asked with once its flags are checked: `secret` undefined means the client's endpoint secret. */
export type CheckedDrill = { ok: true; secret: string | undefined } | { ok: false; problem: string };

export function checkedDrillFlags(flags: DrillFlags, env: Record<string, string | undefined>, warn: (line: string) => void): CheckedDrill {
  const urlProblem = receiverUrlProblem(flags.url, '--url', 'http://127.0.0.1:3000/webhooks');
  if (urlProblem) return { ok: false, problem: urlProblem };
  if (flags.mock !== undefined) {
    const mockProblem = httpUrlProblem(flags.mock, '--mock', 'http://127.0.0.1:4010');
    if (mockProblem) return { ok: false, problem: `${mockProblem} (a running mock; leave --mock out to start one for the drill)` };
  }
  if (flags.client !== undefined && (flags.client === '' || flags.client.length > CLIENT_ID_MAX_LENGTH)) {
    return { ok: false, problem: `--client: expected a client id of 1 to ${CLIENT_ID_MAX_LENGTH} characters` };
  }
  return chosenWebhookSecret(flags.secret, env, warn, flags.format);
}

function httpUrlProblem(text: string, flag: string, example: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${flag}: expected an http(s) URL such as ${example}, got "${text}"`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${flag}: expected an http(s) URL such as ${example}, got "${text}"`;
  return undefined;
}

/** The receiver's URL as the webhook URL rules of every mock take it; a URL with credentials is not echoed. */
function receiverUrlProblem(text: string, flag: string, example: string): string | undefined {
  const noCredentials = `${flag}: a webhook URL carries no credentials (user:password@)`;
  if (text.length > MAX_WEBHOOK_URL_LENGTH) return `${flag}: a webhook URL has at most ${MAX_WEBHOOK_URL_LENGTH} characters`;
  // Looked for in the text first: a URL that does not parse is echoed, and it must not echo a password.
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(text)) return noCredentials;
  const problem = httpUrlProblem(text, flag, example);
  if (problem) return problem;
  const url = new URL(text);
  if (url.username !== '' || url.password !== '') return noCredentials;
  if (adminPathOf(url.pathname) !== undefined) return `${flag}: a mock's admin API (/__admin) does not receive webhooks`;
  return undefined;
}

export function positiveSeconds(value: string): number {
  const seconds = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || seconds < 0.05 || seconds > 60) throw new InvalidArgumentError(`expected seconds between 0.05 and 60, got "${value}".`);
  return seconds;
}

export function wholeNumber(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new InvalidArgumentError(`expected a whole number, got "${value}".`);
  return Number(value);
}
