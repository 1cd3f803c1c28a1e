/**
 * A refusal of a mock's admin API, said in the command line's language. The admin API speaks Portuguese, as the
 * service does (one error catalogue); a command says in English what to change, with the API's code in brackets so
 * the answer can still be looked up (docs/errors.md). `mockName` is how the user knows the mock ("the mock at
 * http://…"); `what` is what was refused ("the drill").
 */
import { AdminError } from '../admin-http/admin-error.ts';

export interface AdminErrorBody {
  error?: string;
  message?: string;
  details?: Array<{ path: string; message: string }>;
}

export function adminRefusal(status: number, answer: AdminErrorBody, mockName: string, what: string): string {
  const code = answer.error ?? String(status);
  if (status === 401) return `${mockName} wants its admin token: --admin-token, or env COMMERCE_MOCK_ADMIN_TOKEN [${code}]`;
  if (status === 403) return `${mockName} refuses the call from this host: give --admin-token, or start it with --public-url naming the host [${code}]`;
  if (answer.error === undefined) return `${mockName} answered HTTP ${status}: it is not a commerce-mock admin API`;
  // Not a refusal the command is known to meet: the mock's own words (Portuguese), marked as such.
  const details = (answer.details ?? []).map((detail) => `${detail.path}: ${detail.message}`).join('; ');
  return `${mockName} refused ${what} with HTTP ${status} [${code}]; it said: ${answer.message ?? ''}${details ? ` (${details})` : ''}`;
}

/** A call of the admin client as a value: its answer, the refusal (status and body), or why the mock was not reached. */
export type AdminCalled<T> = { ok: true; value: T } | { ok: false; status: number; answer: AdminErrorBody } | { ok: false; problem: string };

export async function adminCalled<T>(call: Promise<T>, mockName: string): Promise<AdminCalled<T>> {
  try {
    return { ok: true, value: await call };
  } catch (error) {
    if (error instanceof AdminError) return { ok: false, status: error.status, answer: typeof error.body === 'object' && error.body !== null ? (error.body as AdminErrorBody) : {} };
    return { ok: false, problem: `${mockName} cannot be reached: ${String((error as Error).cause ?? error)}` };
  }
}

/**
 * A client's report read from a mock (its coverage, its audit): the answer's `data`, or the problem in the command
 * line's words: the mock not reached, the client unknown to it, another refusal (`what` is what was refused).
 */
export async function clientReport<T>(
  call: Promise<{ data: unknown }>,
  target: { clientId: string; mockUrl: string },
  what: string,
): Promise<{ ok: true; report: T } | { ok: false; problem: string }> {
  const mockName = `the mock at ${target.mockUrl}`;
  const called = await adminCalled(call, mockName);
  if (called.ok) return { ok: true, report: called.value.data as T };
  if ('problem' in called) return { ok: false, problem: called.problem };
  if (called.status === 404 && called.answer.error === 'not_found') {
    return { ok: false, problem: `client ${target.clientId} is unknown to ${mockName} (--client, or env COMMERCE_CLIENT_ID) [not_found]` };
  }
  return { ok: false, problem: adminRefusal(called.status, called.answer, mockName, what) };
}
