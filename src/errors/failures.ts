/**
 * The one error catalogue (api-errors.ts for the API, admin-errors.ts for `/__admin`): every failure the mock
 * can answer, keyed by a reason. Flows and stages return `failure(reason, params?)`; its message comes from the
 * catalogue only (no caller writes one), and the reply writer turns it into the error body.
 */
import { ADMIN_ERRORS } from './admin-errors.ts';
import { API_ERRORS } from './api-errors.ts';

export interface ErrorDetail {
  path: string;
  message: string;
}

export interface ErrorEntry {
  status: number;
  code: string;
  /** May hold `{{name}}` placeholders, the reason's parameters. */
  message: string;
  /** Details every failure of this reason carries (placeholders allowed). */
  details?: readonly ErrorDetail[];
}

/** A refusal names at most this many details: a state of a million bad records names the first few, not all. */
export const MAX_DETAILS = 20;

export const ERRORS = { ...API_ERRORS, ...ADMIN_ERRORS } as const satisfies Record<string, ErrorEntry>;

export type ErrorReason = keyof typeof ERRORS;

type PlaceholdersIn<Text> = Text extends `${string}{{${infer Name}}}${infer Rest}` ? Name | PlaceholdersIn<Rest> : never;
type TextsOf<Entry> =
  | (Entry extends { message: infer Message } ? Message : never)
  | (Entry extends { details: readonly (infer Detail)[] } ? (Detail extends { path: infer P; message: infer M } ? P | M : never) : never);

/** The parameters a reason's message and details name. */
export type ParamsOf<R extends ErrorReason> = { readonly [Name in PlaceholdersIn<TextsOf<(typeof ERRORS)[R]>>]: string | number };

/** Reasons whose message takes no parameter: what `Prefer: code=NNN` and a scenario's scripted answer may name. */
export type FixedReason = { [R in ErrorReason]: PlaceholdersIn<TextsOf<(typeof ERRORS)[R]>> extends never ? R : never }[ErrorReason];
export type ParameterisedReason = Exclude<ErrorReason, FixedReason>;

/** An expected failure, as a value. */
export interface Failure {
  ok: false;
  reason: ErrorReason;
  /** The catalogue's message, its parameters filled in (or a scenario author's, see `scriptedFailure`). */
  message: string;
  details?: ErrorDetail[];
  headers?: Record<string, string>;
  /** Close the connection without answering (a scenario's dropped connection); observers see status 0. */
  drop?: true;
  /** A scripted answer's own status and code, in place of the catalogue's. */
  scripted?: { status?: number; code?: string };
}

/** What a caller may add to a failure: never its message. */
export interface FailureExtra {
  /** Details of this occurrence (the offending fields), after the reason's own. */
  details?: ErrorDetail[];
  headers?: Record<string, string>;
  drop?: true;
}

export function failure(reason: FixedReason, extra?: FailureExtra): Failure;
export function failure<R extends ParameterisedReason>(reason: R, params: ParamsOf<R>, extra?: FailureExtra): Failure;
export function failure(reason: ErrorReason, paramsOrExtra?: object, more?: FailureExtra): Failure {
  const entry: ErrorEntry = ERRORS[reason];
  const parameterised = isParameterised(entry);
  const params = (parameterised ? paramsOrExtra : {}) as Record<string, string | number>;
  const extra = (parameterised ? more : paramsOrExtra) as FailureExtra | undefined;
  const details = [...(entry.details ?? []).map((detail) => ({ path: fill(detail.path, params), message: fill(detail.message, params) })), ...(extra?.details ?? [])];
  return {
    ok: false,
    reason,
    message: fill(entry.message, params),
    ...(details.length > 0 ? { details } : {}),
    ...(extra?.headers ? { headers: extra.headers } : {}),
    ...(extra?.drop ? { drop: true as const } : {}),
  };
}

/** What a scenario's `respond` says in place of the catalogue: its author's words, not the code's. */
export interface Script {
  status?: number;
  code?: string;
  message?: string;
}

/** A scenario's scripted error: a catalogue reason (`simulated` when it names none), restated by its script. */
export function scriptedFailure(reason: FixedReason, script: Script, headers: Record<string, string>): Failure {
  const entry: ErrorEntry = ERRORS[reason];
  const scripted = {
    ...(script.status !== undefined && script.status !== entry.status ? { status: script.status } : {}),
    ...(script.code !== undefined ? { code: script.code } : {}),
  };
  return {
    ok: false,
    reason,
    message: script.message ?? entry.message,
    ...(entry.details ? { details: [...entry.details] } : {}),
    headers,
    ...(Object.keys(scripted).length > 0 ? { scripted } : {}),
  };
}

const PLACEHOLDER = /\{\{\w+\}\}/;

export function isParameterised(entry: ErrorEntry): boolean {
  return [entry.message, ...(entry.details ?? []).flatMap((detail) => [detail.path, detail.message])].some((text) => PLACEHOLDER.test(text));
}

/** Every reason that needs no parameter, in catalogue order. */
export const FIXED_REASONS = (Object.keys(ERRORS) as ErrorReason[]).filter((reason) => !isParameterised(ERRORS[reason])) as FixedReason[];

/** One pass, linear in the template: a parameter's value is never read as a template itself. */
function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
}

/** WWW-Authenticate value for a 401 (RFC 6750 §3). */
export function wwwAuthenticate(reason: ErrorReason): string {
  // Header values stay ASCII, so the description is the API's error code rather than the Portuguese message.
  if (reason === 'client_invalid') return 'Basic realm="commerce-mock", error="invalid_client"';
  return `Bearer error="invalid_token", error_description="${ERRORS[reason].code}"`;
}
