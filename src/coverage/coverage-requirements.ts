/**
 * What a CI gate requires of a client's coverage: outcome ids or groups (`auth.*`, `order.final.*`) that must be met,
 * and those that must be handled, from a YAML file or the built-in `go-live` profile (docs/outcomes.md shows it with
 * the reason for each). A pattern that names no outcome is a mistake in the file, not an outcome missing.
 */
import { createRequire } from 'node:module';
import * as z from 'zod';
import type { CoverageReport, OutcomeCoverage } from './outcome-types.ts';

export type Must = 'met' | 'handled';

export interface Requirement {
  pattern: string;
  must: Must;
  /** Why a team needs it (the built-in profile's entries). */
  reason?: string;
}

export const GO_LIVE: readonly Requirement[] = [
  { pattern: 'tokens.issue.200', must: 'met', reason: 'every call starts with a token' },
  { pattern: 'auth.token.expired', must: 'handled', reason: 'tokens expire in production; the integration must get a new one and retry, not fail the sale' },
  { pattern: 'auth.token.revoked', must: 'met', reason: 'a revoked token must stop the caller, not loop' },
  { pattern: 'auth.client.inactive', must: 'met', reason: 'a deactivated client must stop and alert, not retry for ever' },
  { pattern: 'rate-limit.429', must: 'handled', reason: 'under load the gateway answers 429; retrying before `Retry-After` makes it worse' },
  { pattern: 'server.503', must: 'met', reason: 'the gateway is briefly unavailable at times; the sale must survive it' },
  { pattern: 'orders.create.201', must: 'met', reason: 'placing an order is the integration' },
  { pattern: 'orders.create.400.invalid_request', must: 'met', reason: 'a refused order must reach the user as a message, not a crash or a retry' },
  {
    pattern: 'network.reply-lost',
    must: 'handled',
    reason: 'an order placed whose answer never arrived must be looked up, not placed again: a blind retry charges the customer twice',
  },
  { pattern: 'order.final.*', must: 'met', reason: 'each final status (paid, failed, cancelled) must reach the merchant’s order' },
  { pattern: 'payer.INSUFFICIENT_BALANCE', must: 'met', reason: 'the commonest wallet failure; the payer must be told why' },
  { pattern: 'payer.PAYER_CANCELLED', must: 'met', reason: 'the payer declined: the order must not wait for ever' },
  { pattern: 'payer.PAYER_TIMEOUT', must: 'met', reason: 'the payer never answered: the order must end and be offered again' },
  { pattern: 'webhook.event.order.status_changed', must: 'met', reason: 'the receiver must acknowledge the order webhooks' },
  { pattern: 'webhook.retried-after-5xx', must: 'handled', reason: 'a receiver that fails once must take the retry' },
  { pattern: 'webhook.duplicate-received', must: 'handled', reason: 'deliveries are at least once: a duplicate must be acknowledged and not applied twice' },
];

export const PROFILES: Readonly<Record<string, readonly Requirement[]>> = { 'go-live': GO_LIVE };

const FILE_SCHEMA = z
  .object({ required: z.array(z.string().min(1)).optional(), handled: z.array(z.string().min(1)).optional() })
  .strict()
  .refine((file) => (file.required?.length ?? 0) + (file.handled?.length ?? 0) > 0, 'lists no outcome (`required:` or `handled:`)');

/** A requirement file's text as requirements, or what is wrong with it. */
export function parseRequirements(text: string): { ok: true; requirements: Requirement[] } | { ok: false; problem: string } {
  // The YAML parser only for a --require file: the start path (which imports the CLI) never loads it.
  const { parse } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    return { ok: false, problem: `not YAML: ${(error as Error).message.split('\n')[0] ?? ''}` };
  }
  const parsed = FILE_SCHEMA.safeParse(raw);
  if (!parsed.success) return { ok: false, problem: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'file'}: ${issue.message}`).join('; ') };
  const { required = [], handled = [] } = parsed.data;
  return { ok: true, requirements: [...required.map((pattern) => ({ pattern, must: 'met' as const })), ...handled.map((pattern) => ({ pattern, must: 'handled' as const }))] };
}

/** `auth.*` names the outcomes under `auth.`; anything else names one outcome exactly. */
export function matchesPattern(pattern: string, id: string): boolean {
  return pattern.endsWith('.*') ? id.startsWith(pattern.slice(0, -1)) : id === pattern;
}

export interface Judged {
  outcome: OutcomeCoverage;
  must: Must;
  ok: boolean;
}

/** Each required outcome (once, under its strictest requirement) judged against the report; the patterns that named none. */
export function judgeRequirements(report: CoverageReport, requirements: readonly Requirement[]): { judged: Judged[]; unknown: string[] } {
  const must = new Map<string, Must>();
  const unknown: string[] = [];
  for (const requirement of requirements) {
    const named = report.outcomes.filter((outcome) => matchesPattern(requirement.pattern, outcome.id));
    if (named.length === 0) unknown.push(requirement.pattern);
    // `handled` asks for handling where the mock can see it (a handled rule), and for the outcome met elsewhere.
    for (const outcome of named) if (must.get(outcome.id) !== 'handled') must.set(outcome.id, outcome.handledRule ? requirement.must : 'met');
  }
  const judged = report.outcomes.flatMap((outcome): Judged[] => {
    const wanted = must.get(outcome.id);
    if (wanted === undefined) return [];
    const ok = wanted === 'handled' ? outcome.status === 'handled' : outcome.status !== 'not-met';
    return [{ outcome, must: wanted, ok }];
  });
  return { judged, unknown };
}
