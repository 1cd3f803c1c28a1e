/**
 * A refusal of a mock's admin API, said in the command line's language. The admin API speaks Portuguese, as the
 * service does (one error catalogue); a command says in English what to change, with the API's code in brackets so
 * the answer can still be looked up (docs/errors.md). `mockName` is how the user knows the mock ("the mock at
 * http://…"); `what` is what was refused ("the drill").
 */
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
