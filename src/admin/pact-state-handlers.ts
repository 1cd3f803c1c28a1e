/**
 * `POST /__admin/pact/provider-states`: Pact's provider-state change protocol (`{state, params, action}`), so a
 * verifier in any language points `--state-change-url` at the mock. A setup answers the values its state
 * provides as a flat JSON object (what verifiers read for `fromProviderState`), not in the `{data}` envelope.
 */
import { failure } from '../errors/failures.ts';
import type { Reply } from '../domain/reply.ts';
import type { AdminContext, StateChangeOrigin, VerifyingClientRefused } from './admin-context.ts';
import type { AdminHandlerTable, OperationInput } from '../handlers/handler.ts';

/** The verifier as the states see it; `?reset=all` asks for the whole mock to be reset around each session. */
const originOf = (input: OperationInput): StateChangeOrigin => {
  const clientId = input.query['clientId'];
  return { baseUrl: input.context.baseUrl, ip: input.context.ip, resetAll: input.query['reset'] === 'all', ...(typeof clientId === 'string' ? { clientId } : {}) };
};

/** The verifying client named by `?clientId=` cannot verify: 404 for no such client, 409 when its secret is not known. */
const refusedVerifier = ({ refused, clientId }: VerifyingClientRefused): Reply =>
  refused === 'unknown' ? failure('unknown_client', { clientId }) : failure('secret_not_kept', { clientId });

export function pactStateHandlers(admin: AdminContext) {
  return {
    async changePactProviderState(input): Promise<Reply> {
      const answer = await admin.providerStates.change(input.body ?? {}, originOf(input));
      if (answer.ok) return { ok: true, status: 200, body: answer.values };
      if ('refused' in answer) return refusedVerifier(answer);
      if ('unknown' in answer) {
        return failure('unknown_provider_state', { state: answer.unknown, known: answer.known.join('; ') });
      }
      return failure('provider_state_failed', { problem: answer.message });
    },
    /** Pact's message producer protocol: the message body, its metadata in `Pact-Message-Metadata`. */
    async producePactMessage(input): Promise<Reply> {
      const answer = await admin.providerStates.message(input.body ?? {}, originOf(input));
      if (answer.ok) return { ok: true, status: 200, body: answer.payload, headers: { 'Pact-Message-Metadata': answer.metadata } };
      if ('refused' in answer) return refusedVerifier(answer);
      if ('unknown' in answer) return failure('unknown_pact_message', { problem: answer.unknown, known: answer.known.join(', ') });
      return failure('provider_state_failed', { problem: answer.message });
    },
  } satisfies Partial<AdminHandlerTable>;
}
