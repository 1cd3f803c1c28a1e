/**
 * The stage that carries out a client's network profile (network-profiles.ts) on its requests: after the armed
 * outcomes (an arm the request met takes precedence, and the profile leaves that request alone), before anything is
 * handled. The connection plan it sets is the armed failures' (`context.connection`, carried out by
 * http/send-reply.ts): a reset in place of the handler, or after it the answer lost, held, trickled or delayed. The
 * request is named for the journal as `profile@stage`. A client with no profile pays one Map lookup.
 */
import { failure } from '../errors/failures.ts';
import type { Reply } from '../domain/reply.ts';
import type { Next, RequestState, Stage } from '../http/stage.ts';
import type { NetworkProfiles, ProfileMeeting } from './network-profiles.ts';

/** `maxHoldMs`: the mock's `timeouts.heldAnswerSeconds`, the hold of a timeout and of a slow body, and the most a latency holds. */
export function networkProfileStage(profiles: NetworkProfiles, maxHoldMs: number): Stage {
  return {
    name: 'network-profile',
    run(request, next) {
      const { world } = request;
      const applied = world === undefined ? undefined : profiles.of(world.clientId);
      // No frame added for a client with no profile, nor for a request an arm met.
      // A request the mock sends itself, in process (a provider state, an MCP trigger), is never on a network.
      if (applied === undefined || world === undefined || request.context.armed !== undefined || request.incoming.inProcess) return next(request);
      const meeting = profiles.meet(applied, world, request.context.operationId === 'issueToken' ? 'token' : 'api', maxHoldMs);
      if (meeting === undefined) return next(request);
      request.context.profile = meeting.tag;
      return meetProfile(meeting, request, next, maxHoldMs);
    },
  };
}

async function meetProfile(meeting: ProfileMeeting, request: RequestState, next: Next, maxHoldMs: number): Promise<Reply> {
  if (meeting.fault === 'reset') {
    request.context.connection = { end: 'reset' };
    return failure('internal', { drop: true });
  }
  const reply = await next(request);
  if (meeting.fault === 'reply_lost') request.context.connection = { end: 'drop' };
  else if (meeting.fault === 'timeout') request.context.connection = { holdMs: maxHoldMs };
  else if (meeting.fault === 'slow_body') request.context.connection = { trickleMs: maxHoldMs };
  else if (meeting.latencyMs > 0) request.context.connection = { holdMs: meeting.latencyMs };
  return reply;
}
