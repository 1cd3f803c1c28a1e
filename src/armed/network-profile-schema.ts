/**
 * The form of a network profile (docs/network-failures.md#profiles): a file of `scenarios/profiles/` (or of the
 * user's scenarios folder's `profiles/`), or the body of `PUT /__admin/clients/{client_id}/network-profile`, as one
 * zod schema. A profile is a ramp of stages, each lasting `forSeconds` of the client's clock (the last until the
 * profile ends), each with the rates of what the network does to a request on a leg: its latency, a reset before
 * anything is handled (`loss`), the answer lost after the commit (`replyLost`), held (`timeout`) or trickled
 * (`slowBody`); and the rates of the other two legs: a webhook delivery attempt connecting late or cut mid-body
 * (`webhooks`), a checkout page held or answered 503 (`checkout`). `scenarios/profiles/profile.schema.json` is generated from it for editors.
 */
import * as z from 'zod';

/** A profile's (and a stage's) name: lower-case letters, digits and hyphens, as a scenario's. */
export const PROFILE_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** At most this many stages in a ramp. */
export const MAX_PROFILE_STAGES = 20;
/** The longest a stage, a profile's `forSeconds`, may last: a week of the client's clock. */
export const MAX_PROFILE_SECONDS = 604_800;
/** The longest latency a leg may state; a hold is bounded again by the mock's `timeouts.heldAnswerSeconds`. */
export const MAX_LATENCY_MS = 120_000;

const ms = z.number().int().min(0).max(MAX_LATENCY_MS);
const rate = z.number().min(0).max(1);

const latency = z
  .union([
    z.strictObject({ fixedMs: ms.describe('Every answer this long') }),
    z
      .strictObject({ minMs: ms, maxMs: ms })
      .refine((range) => range.minMs <= range.maxMs, { message: 'minMs must not exceed maxMs' })
      .describe('Drawn evenly between the two'),
    z
      .strictObject({ meanMs: ms, stdDevMs: ms })
      .describe('Drawn around the mean, bell-shaped (within three standard deviations, never below 0)'),
  ])
  .describe('Real milliseconds an answer is held after it is handled, drawn from the seed');

const FAULTS = ['loss', 'replyLost', 'timeout', 'slowBody'] as const;

export const legSchema = z
  .strictObject({
    latencyMs: latency.optional(),
    loss: rate.optional().describe('Share of requests whose connection is reset before anything is handled'),
    replyLost: rate.optional().describe('Share handled and committed, then the connection dropped before a byte of the answer'),
    timeout: rate.optional().describe("Share handled and committed, the answer held the mock's timeouts.heldAnswerSeconds"),
    slowBody: rate.optional().describe("Share handled and committed, the answer's body trickled over timeouts.heldAnswerSeconds"),
  })
  .refine((leg) => FAULTS.reduce((sum, fault) => sum + (leg[fault] ?? 0), 0) <= 1 + 1e-9, {
    message: 'loss, replyLost, timeout and slowBody together must not exceed 1',
  });

/** The receiver's leg: each delivery attempt of the client's webhooks (webhooks/leg-send.ts). */
export const webhooksLegSchema = z
  .strictObject({
    connectDelay: rate.optional().describe("Share of delivery attempts that connect only after the mock's timeouts.heldAnswerSeconds"),
    resetMidBody: rate.optional().describe('Share of delivery attempts whose connection is closed half-way through the body'),
  })
  .refine((leg) => (leg.connectDelay ?? 0) + (leg.resetMidBody ?? 0) <= 1 + 1e-9, { message: 'connectDelay and resetMidBody together must not exceed 1' });

/** The checkout page's leg: each request of a page of the client's orders. */
export const checkoutLegSchema = z
  .strictObject({
    slow: rate.optional().describe("Share of checkout page requests held the mock's timeouts.heldAnswerSeconds before they are answered"),
    unavailable: rate.optional().describe('Share of checkout page requests answered 503 with Retry-After: 30, nothing done'),
  })
  .refine((leg) => (leg.slow ?? 0) + (leg.unavailable ?? 0) <= 1 + 1e-9, { message: 'slow and unavailable together must not exceed 1' });

const stageSchema = z
  .strictObject({
    name: z.string().regex(PROFILE_NAME, 'lower-case letters, digits and hyphens').describe('calm, degraded, outage, recovery…'),
    forSeconds: z.number().min(0.001).max(MAX_PROFILE_SECONDS).optional().describe("How long the stage lasts on the client's clock; the last stage may omit it"),
    api: legSchema.describe('Every API request of the client (the token request too, unless `token` says otherwise)'),
    token: legSchema.optional().describe('The token request (POST /v1/auth/token) alone'),
    webhooks: webhooksLegSchema.optional().describe("Each attempt of the client's webhook deliveries (the receiver's leg)"),
    checkout: checkoutLegSchema.optional().describe("Each request of the checkout page of the client's orders"),
  });

export const networkProfileSchema = z
  .strictObject({
    $schema: z.string().max(500).optional(),
    name: z.string().regex(PROFILE_NAME, 'lower-case letters, digits and hyphens').optional().describe('Defaults to the file name'),
    description: z.string().max(500).optional(),
    stages: z
      .array(stageSchema)
      .min(1)
      .max(MAX_PROFILE_STAGES)
      .refine((stages) => stages.slice(0, -1).every((stage) => stage.forSeconds !== undefined), {
        message: 'every stage but the last needs forSeconds',
      })
      .refine((stages) => new Set(stages.map((stage) => stage.name)).size === stages.length, { message: 'stage names must differ' })
      .describe('The ramp, in order: each stage lasts forSeconds of the client\'s clock; the last until the profile ends'),
  });

export type NetworkProfileInput = z.input<typeof networkProfileSchema>;
export type NetworkLeg = z.output<typeof legSchema>;
export type ProfileStage = z.output<typeof stageSchema>;
export type WebhooksLeg = z.output<typeof webhooksLegSchema>;
export type CheckoutLeg = z.output<typeof checkoutLegSchema>;

/** A profile as the mock holds it: its name settled (the file's, or `inline` for one given in a body). */
export interface NetworkProfile {
  name: string;
  description?: string;
  stages: readonly ProfileStage[];
  /** `built-in`, the file it was read from, or `inline`. */
  source: string;
}
