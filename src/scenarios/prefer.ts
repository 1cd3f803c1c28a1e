/**
 * `Prefer: code=NNN` (in the manner of Prism): the answer of that status the operation declares, scripted. Nothing
 * runs behind it, so nothing is written, whatever the code: a 2xx is the document's example of that answer, an
 * error the catalogue's. RFC 7240 spellings count alike (`CODE=401`, `code="401"`); a code the operation does not
 * declare, or that is no status at all, is a 400 naming `Prefer`.
 */
import type { Reply } from '../domain/reply.ts';
import { ERRORS, failure, FIXED_REASONS, type FixedReason } from '../errors/failures.ts';
import type { Operation } from '../openapi/openapi-router.ts';

export const PREFER_HEADER = 'prefer';

/** The `code` preference's value as sent (RFC 7240: names are case-insensitive, a value may be quoted), if any. */
export function preferredCode(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return undefined;
  for (const preference of value.split(',')) {
    const [nameValue = ''] = preference.split(';');
    const equals = nameValue.indexOf('=');
    const name = (equals < 0 ? nameValue : nameValue.slice(0, equals)).trim().toLowerCase();
    if (name !== 'code') continue;
    const raw = equals < 0 ? '' : nameValue.slice(equals + 1).trim();
    return raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  }
  return undefined;
}

export interface PreferTarget {
  operation: Operation;
  /** Whether the operation's security takes client credentials (a 401 is then the credentials'). */
  takesCredentials: boolean;
  /** The methods served on the request's path, for a 405's `Allow`. */
  allow: string;
}

/** The scripted answer for `code`. */
export function preferredAnswer(code: string, target: PreferTarget): Reply {
  const declared = Object.keys(target.operation.responses ?? {}).filter((status) => /^\d{3}$/.test(status));
  if (!/^\d{3}$/.test(code) || !declared.includes(code)) {
    return failure('undeclared_prefer_code', { code, declared: declared.join(', ') });
  }
  const status = Number(code);
  if (status < 300) return { ok: true, status, body: exampleOf(target.operation, code) };
  if (status === 405) return failure('method_not_allowed', { headers: { Allow: target.allow } });
  const reason = status === 401 ? (target.takesCredentials ? 'client_invalid' : 'invalid_token') : catalogueReason(status);
  const retryAfter: Partial<Record<FixedReason, string>> = { rate_limited: '60', unavailable: '1' };
  const seconds = retryAfter[reason];
  return failure(reason, seconds === undefined ? {} : { headers: { 'Retry-After': seconds } });
}

function catalogueReason(status: number): FixedReason {
  return FIXED_REASONS.find((candidate) => ERRORS[candidate].status === status) ?? 'internal';
}

interface MediaType {
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

/** The document's example of that answer (the first of its `examples`); every success answer of it has one. */
function exampleOf(operation: Operation, code: string): unknown {
  const response = (operation.responses as Record<string, { content?: Record<string, MediaType> }>)[code];
  const media = response?.content?.['application/json'];
  if (!media) return undefined;
  if (media.example !== undefined) return structuredClone(media.example);
  const first = Object.values(media.examples ?? {})[0];
  return structuredClone(first?.value);
}
