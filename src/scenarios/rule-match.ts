/** Whether a request meets a rule's match (pure): method, canonical path pattern, operation, client, headers, body. */
import { pathPattern } from './path-pattern.ts';
import type { RuleMatch } from './scenario-schema.ts';

/** What a rule can look at. */
export interface RequestFacts {
  method: string;
  /** The canonical path (`/v1/…`), whatever alias the request used. */
  path: string;
  operationId: string | undefined;
  clientId: string | undefined;
  /** Whether the request presents a bearer token. */
  authenticated: boolean;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export function matches(match: RuleMatch, facts: RequestFacts): boolean {
  if (match.method !== undefined && !asList(match.method).includes(facts.method as never)) return false;
  if (match.path !== undefined && !pathPattern(match.path).test(facts.path)) return false;
  if (match.operation !== undefined && (facts.operationId === undefined || !asList(match.operation).includes(facts.operationId))) return false;
  if (match.client !== undefined && match.client !== facts.clientId) return false;
  if (match.authenticated !== undefined && match.authenticated !== facts.authenticated) return false;
  for (const [name, value] of Object.entries(match.headers ?? {})) {
    if (facts.headers[name.toLowerCase()] !== value) return false;
  }
  for (const [field, value] of Object.entries(match.body ?? {})) {
    if (fieldAt(facts.body, field) !== value) return false;
  }
  return true;
}

/** The value at a dotted path (`items.0.quantity`) of a parsed body. */
export function fieldAt(body: unknown, path: string): unknown {
  let value = body;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Path parameters by aligning a template (`/orders/{order_id}/status`) with a path of the same shape. */
export function pathParams(template: string, path: string): Record<string, string> {
  const names = template.split('/');
  const values = path.split('/');
  const params: Record<string, string> = {};
  names.forEach((segment, index) => {
    const name = /^\{(.+)\}$/.exec(segment)?.[1];
    const value = values[index];
    if (name && value !== undefined) params[name] = decodeURIComponent(value);
  });
  return params;
}

function asList<T>(value: T | readonly T[]): readonly T[] {
  return Array.isArray(value) ? value : [value as T];
}
