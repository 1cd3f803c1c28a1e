/**
 * The arm command's calls of a mock's admin API (`/__admin/clients/{client_id}/armed…`) and its refusals told in
 * the command line's language (admin-refusal.ts): an unknown outcome with the armable one it is closest to, an
 * outcome only the integration causes with what the integration must do, the cap, an unknown client or armed id.
 * `usage` says whether the command line is what must change (exit 2) or the mock's state (exit 1).
 */
import { adminTransport, type AdminSend } from '../admin-http/admin-transport.ts';
import { armable, armableIds } from '../armed/armable.ts';
import { closestWord } from '../platform/did-you-mean.ts';
import type { components } from '../generated/admin-types.gen.ts';
import { adminCalled, adminRefusal, type AdminCalled, type AdminErrorBody } from './admin-refusal.ts';
import { armCommandLine, type ArmTarget } from './arm-lines.ts';

type ArmedOutcome = components['schemas']['ArmedOutcome'];

export type ArmAnswer<T> = { ok: true; value: T } | { ok: false; problem: string; usage: boolean };

export interface ArmAsked {
  outcome: string;
  times: number;
  operation?: string | undefined;
}

export function armAdmin(target: ArmTarget, adminToken: string | undefined) {
  const send: AdminSend = adminTransport(target.mockUrl, { adminToken });
  const mockName = `the mock at ${target.mockUrl}`;
  const path = { client_id: target.clientId };
  const unknownClient = (code: string) => `client ${target.clientId} is unknown to ${mockName} (--client, or env COMMERCE_CLIENT_ID) [${code}]`;
  /** The answer, or the refusal as a problem: `refused` words the ones this call can meet, else the generic words. */
  const settle = <T>(called: AdminCalled<{ data: T }>, what: string, refused?: (status: number, answer: AdminErrorBody) => ArmAnswer<T> | undefined): ArmAnswer<T> => {
    if (called.ok) return { ok: true, value: called.value.data };
    if ('problem' in called) return { ok: false, problem: called.problem, usage: true };
    const worded = refused?.(called.status, called.answer);
    if (worded) return worded;
    if (called.status === 404 && called.answer.error === 'not_found') return { ok: false, problem: unknownClient(called.answer.error), usage: true };
    return { ok: false, problem: adminRefusal(called.status, called.answer, mockName, what), usage: false };
  };
  const list = async (): Promise<ArmAnswer<ArmedOutcome[]>> => settle(await adminCalled(send('listArmedOutcomes', { path }), mockName), 'the list');
  return {
    async arm(asked: ArmAsked): Promise<ArmAnswer<ArmedOutcome>> {
      const body = { outcome: asked.outcome, times: asked.times, ...(asked.operation !== undefined && { operation: asked.operation }) };
      const called = await adminCalled(send('armOutcome', { path, body }), mockName);
      return settle(called, 'the arming', (status, answer) => armRefusal(status, answer, asked, target));
    },
    list,
    async disarm(armedId: string): Promise<ArmAnswer<ArmedOutcome>> {
      const called = await adminCalled(send('disarmOutcome', { path: { ...path, armed_id: armedId } }), mockName);
      if (called.ok || 'problem' in called || called.status !== 404) return settle(called, 'the disarming');
      // Its client or the armed outcome is unknown: the list tells which.
      const listed = await list();
      if (!listed.ok) return listed;
      return { ok: false, problem: `${target.clientId} has no armed outcome ${armedId} on ${mockName}; what is armed: ${armCommandLine(['--list'], target)} [${called.answer.error ?? 404}]`, usage: true };
    },
    async disarmAll(): Promise<ArmAnswer<number>> {
      const answer = settle(await adminCalled(send('disarmAllOutcomes', { path }), mockName), 'the disarming');
      return answer.ok ? { ok: true, value: answer.value.disarmed } : answer;
    },
  };
}

function armRefusal(status: number, answer: AdminErrorBody, asked: ArmAsked, target: ArmTarget): ArmAnswer<ArmedOutcome> | undefined {
  const code = answer.error ?? String(status);
  const about = (path: string) => answer.details?.find((detail) => detail.path === path)?.message;
  const refused = (problem: string, usage = true): ArmAnswer<ArmedOutcome> => ({ ok: false, problem: `${problem} [${code}]`, usage });
  if (status === 422) {
    const provoke = (about('outcome') ?? '').replace(/`/g, '');
    return refused(`${asked.outcome} cannot be armed: only your integration causes it${provoke ? `; to meet it: ${provoke}` : ''}`);
  }
  if (status === 409) return refused(`too many outcomes are armed for ${target.clientId} already: disarm one or all with --disarm <id|all> (what is armed: ${armCommandLine(['--list'], target)})`, false);
  if (status !== 400) return undefined;
  if (about('outcome') !== undefined) {
    const close = closestWord(asked.outcome, armableIds());
    return refused(`unknown outcome "${asked.outcome}"${close ? ` (did you mean ${close}?)` : ''}; npx commerce-mock arm --help lists the ones that can be armed`);
  }
  const operation = about('operation');
  if (operation !== undefined) {
    const armability = armable(asked.outcome);
    // On an outcome met on a request, the operation itself is refused, in English (src/armed/arm-operation.ts).
    if (armability.ok && armability.effect.meets === 'request') return refused(`--operation ${asked.operation ?? ''}: ${operation}`);
    return refused(`--operation: ${asked.outcome} is not met on a request; leave --operation out`);
  }
  return undefined;
}
