/** The tools that apply, read and remove a client's network profile (docs/network-failures.md#profiles). */
import * as z from 'zod';
import { clientIdInput, defineTool, READ_ONLY, type McpTool } from './tool-kit.ts';
import { MAX_PROFILE_SECONDS } from '../armed/network-profile-schema.ts';
import { AdminError } from '../admin-http/admin-error.ts';
import type { RequestOf } from '../admin-http/admin-transport.ts';
import { failure } from '../errors/failures.ts';

export const NETWORK_TOOLS: readonly McpTool[] = [
  defineTool(
    'apply_network_profile',
    {
      title: 'Apply a network profile',
      description:
        "Every request of the client meets a network profile for a whole run: latency, resets before handling, answers lost after the commit, held or trickled, in stages on the client's clock (calm → degraded → outage → recovery). Built-ins: slow-3g, flaky-mobile, outage-30s, lost-replies. The same seed and the same requests give the same faults; the seed used is returned. Replaces the client's profile.",
      input: {
        clientId: clientIdInput,
        profile: z
          .union([z.string().min(1).max(100), z.record(z.string(), z.unknown())])
          .describe('A profile name (slow-3g, flaky-mobile, outage-30s, lost-replies, or one of the scenarios folder), or a profile given whole: { stages: [{ name, forSeconds?, api: { latencyMs?, loss?, replyLost?, timeout?, slowBody? }, token?, webhooks?: { connectDelay?, resetMidBody? }, checkout?: { slow?, unavailable? } }] }.'),
        seed: z.number().int().min(0).max(2 ** 31 - 1).optional().describe('The seed of its draws, to repeat a run; drawn and returned when absent.'),
        forSeconds: z.number().min(0.001).max(MAX_PROFILE_SECONDS).optional().describe("How long it lasts on the client's clock; until removed when absent."),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    },
    async ({ clientId, profile, seed, forSeconds }, { admin }) =>
      (
        await admin('applyNetworkProfile', {
          path: { client_id: clientId },
          body: { profile: profile as RequestOf<'applyNetworkProfile'>['body']['profile'], ...(seed === undefined ? {} : { seed }), ...(forSeconds === undefined ? {} : { forSeconds }) },
        })
      ).data,
  ),
  defineTool(
    'network_profile',
    {
      title: "A client's network profile",
      description:
        "The client's network profile now: the stage of its ramp the client's clock is in, its seed, how many requests it met and what it did to them; and the profiles that can be applied. `profile` is null when none is applied.",
      input: { clientId: clientIdInput },
      annotations: READ_ONLY,
    },
    async ({ clientId }, { admin }) => {
      const available = (await admin('listNetworkProfiles', {})).data.map(({ name, description }) => ({ name, description }));
      const applied = await admin('getNetworkProfile', { path: { client_id: clientId } }).then(
        (answer) => answer.data,
        (error: unknown) => {
          // None applied is an answer here, not a refusal; an unknown client stays one.
          if (error instanceof AdminError && error.detail === failure('no_network_profile', { clientId }).message) return null;
          throw error;
        },
      );
      return { profile: applied, available };
    },
  ),
  defineTool(
    'remove_network_profile',
    {
      title: 'Remove the network profile',
      description: "Removes the client's network profile: its requests are answered as usual again. `removed` is false when it had none.",
      input: { clientId: clientIdInput },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    },
    async ({ clientId }, { admin }) => (await admin('removeNetworkProfile', { path: { client_id: clientId } })).data,
  ),
];
