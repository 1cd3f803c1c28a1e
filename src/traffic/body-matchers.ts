/**
 * A recorded answer's body made into a contract's: every value matched by its kind (an id by its prefix, an instant
 * as an ISO 8601 instant, a number as a number, any other text as text), an array by its first item, and the values
 * that say what the outcome was (a status, an error code, a failure reason's code, the currency) kept literal, so
 * "reads a PAID order's status" fails against a provider that answers PENDING.
 */

export interface Matcher {
  match: 'type' | 'number' | 'regex';
  regex?: string;
  min?: number;
}

export type MatchingRules = Record<string, { combine: 'AND'; matchers: Matcher[] }>;

/** Fields whose value is the outcome itself: compared as they are. */
const LITERAL_FIELDS: ReadonlySet<string> = new Set(['status', 'error', 'code', 'currency', 'token_type', 'type', 'method', 'interval']);

const RECORD_ID = /^([a-z]{2,5})_[A-Za-z0-9]+$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
export const INSTANT_REGEX = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$';

/**
 * A webhook's literal fields: its status and type. Its failure reason is matched by its kind: the state that makes a
 * webhook (`order.failed is triggered`) fails the order by hand, not by a payer's reason.
 */
export const MESSAGE_LITERAL_FIELDS: ReadonlySet<string> = new Set(['status', 'type', 'currency']);

/** The body as the contract's example (arrays cut to their first item) and its matching rules. */
export function generalisedBody(body: unknown, literal: ReadonlySet<string> = LITERAL_FIELDS): { example: unknown; rules: MatchingRules } {
  const rules: MatchingRules = {};
  const example = walk(body, '$', undefined, { rules, literal });
  return { example, rules };
}

interface Walk {
  rules: MatchingRules;
  literal: ReadonlySet<string>;
}

function walk(value: unknown, path: string, field: string | undefined, into: Walk): unknown {
  const { rules } = into;
  if (Array.isArray(value)) {
    if (value.length === 0) return [];
    rule(rules, path, { match: 'type', min: 1 });
    return [walk(value[0], `${path}[*]`, field, into)];
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, `${path}${pathStep(key)}`, key, into)]));
  }
  if (field !== undefined && into.literal.has(field) && typeof value === 'string') return value;
  const matcher = matcherOf(value);
  if (matcher) rule(rules, path, matcher);
  return value;
}

function matcherOf(value: unknown): Matcher | undefined {
  if (typeof value === 'number') return { match: 'number' };
  if (typeof value === 'boolean') return { match: 'type' };
  if (typeof value !== 'string') return undefined;
  const id = RECORD_ID.exec(value);
  if (id) return { match: 'regex', regex: `^${id[1]}_[A-Za-z0-9]+$` };
  if (INSTANT.test(value)) return { match: 'regex', regex: INSTANT_REGEX };
  return { match: 'type' };
}

function rule(rules: MatchingRules, path: string, matcher: Matcher): void {
  rules[path] = { combine: 'AND', matchers: [matcher] };
}

/** `.key`, or `['key']` for a key a dotted path cannot spell. */
function pathStep(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `.${key}` : `['${key.replace(/'/g, "\\'")}']`;
}
