/**
 * The form of a scenario file (YAML or JSON in `scenarios/`), as one zod schema: what it sets (token policy,
 * rate window, order progression, subscription billing, webhook behaviour) and its rules (match a request, then on
 * the Nth match, every Nth, or with a seeded probability, do an effect). `scenarios/scenario.schema.json` is
 * generated from it for editors.
 */
import * as z from 'zod';
import { ERRORS, FIXED_REASONS } from '../errors/failures.ts';
import { FAILURE_CODES } from '../domain/payer-outcomes.ts';
import { MAX_PATTERN_LENGTH, MAX_PATTERN_SEGMENTS, pathPatternProblem } from './path-pattern.ts';
import { scenarioWallets } from './scenario-wallet-schema.ts';

const FINAL_STATUSES = ['PAID', 'FAILED', 'CANCELLED'] as const;
const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
/** The catalogue's reasons that take no parameter (client_inactive, …) and their error codes (CLIENT_INATIVO, …). */
const CATALOGUE = [...new Set([...FIXED_REASONS, ...FIXED_REASONS.map((reason) => ERRORS[reason].code)])] as [string, ...string[]];

const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1).max(50)]);

const progressionTrigger = z
  .union([
    z.strictObject({ polls: z.number().int().min(1).max(1000).describe('After this many status polls (GET …/status)') }),
    z.strictObject({ seconds: z.number().min(0).max(31_536_000).describe('After this much mock-clock time since the order was placed') }),
    z.literal('action').describe('Only by an explicit action: the checkout page or POST /__admin/orders/{id}/transition'),
  ])
  .describe('When the step applies');

const progressionStep = z
  .strictObject({
    status: z.enum(FINAL_STATUSES).optional().describe('The final status the order reaches'),
    outcome: z.enum(FAILURE_CODES).optional().describe('Or a payer outcome (docs/payer-outcomes.md): the order fails or is cancelled with that reason'),
    after: progressionTrigger,
  })
  .refine((step) => (step.status === undefined) !== (step.outcome === undefined), { message: 'give status or outcome (one of the two)' });

const payerNumbers = z
  .boolean()
  .describe("The payer's number chooses the outcome (docs/payer-outcomes.md); a scenario scripting its own progression or failingAttempts turns it off unless it sets it");

const match = z
  .strictObject({
    method: oneOrMany(z.enum(HTTP_METHODS)).optional().describe('HTTP method(s)'),
    path: z
      .string()
      .min(1)
      .max(MAX_PATTERN_LENGTH)
      .startsWith('/')
      .superRefine((pattern, context) => {
        const problem = pathPatternProblem(pattern);
        if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
      })
      .optional()
      .describe(
        `Path pattern on the path as sent: \`*\` any characters within a segment, \`**\` any number of segments, e.g. /v1/orders/*/status (at most ${MAX_PATTERN_SEGMENTS} segments)`,
      ),
    operation: oneOrMany(z.string().min(1).max(100)).optional().describe('operationId(s) of spec/openapi.yaml'),
    client: z.string().min(1).max(200).optional().describe('The calling client (from its bearer token or credentials)'),
    authenticated: z.boolean().optional().describe('true: only requests presenting a bearer token; false: only those without'),
    headers: z.record(z.string().min(1).max(100), z.string().max(1000)).optional().describe('Headers that must have these exact values'),
    body: z
      .record(z.string().min(1).max(200), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .optional()
      .describe('Body fields (dotted paths, e.g. items.0.quantity) that must have these values'),
  })
  .describe('Every condition given must hold; an empty match matches every API request');

const when = z
  .union([
    z.literal('always'),
    z.strictObject({ nth: z.number().int().min(1).max(1_000_000).describe('Only the Nth matching request') }),
    z.strictObject({ every: z.number().int().min(1).max(1_000_000).describe('Every Nth matching request (N, 2N, …)') }),
    z.strictObject({ probability: z.number().min(0).max(1).describe('Each matching request with this chance, from the scenario seed') }),
  ])
  .describe('Which matching requests fire the effect');

const respond = z
  .strictObject({
    error: z.enum(CATALOGUE).optional().describe('A catalogue error: its status, code and message'),
    status: z.number().int().min(200).max(599).optional().describe('Status of a free answer, or overrides the catalogue status'),
    code: z.string().min(1).max(100).optional().describe('Error code of a free error answer'),
    message: z.string().min(1).max(1000).optional().describe('Error message of a free error answer'),
    headers: z.record(z.string().min(1).max(100), z.string().max(1000)).optional(),
    body: z.unknown().optional().describe('A free body, sent as JSON instead of the error envelope'),
  })
  .refine((value) => value.error !== undefined || value.status !== undefined, { message: 'give error or status' });

const latency = z.union([
  z.number().int().min(0).max(60_000),
  z.strictObject({ minMs: z.number().int().min(0).max(60_000), maxMs: z.number().int().min(0).max(60_000) }).refine((range) => range.minMs <= range.maxMs, {
    message: 'minMs must not exceed maxMs',
  }),
]);

const effect = z
  .strictObject({
    latencyMs: latency.optional().describe('Real milliseconds to wait before answering (a range draws from the seed)'),
    respond: respond.optional().describe('Answer this instead of the operation; nothing is written'),
    drop: z.literal(true).optional().describe('Close the connection without an answer'),
    revokeToken: z.literal(true).optional().describe("Revoke the caller's access token before it is checked"),
    expireToken: z.literal(true).optional().describe("Expire the caller's access token before it is checked"),
    orderStatus: z.enum(FINAL_STATUSES).optional().describe('Move the order named in the path (order_id) to this status first'),
  })
  .refine((value) => Object.keys(value).length > 0, { message: 'name at least one effect' })
  .refine((value) => !(value.respond && value.drop), { message: 'respond and drop exclude each other' });

const rule = z.strictObject({
  name: z.string().min(1).max(100).optional(),
  match: match.default({}),
  when: when.default('always'),
  then: effect,
});

export const scenarioSchema = z
  .strictObject({
    $schema: z.string().optional(),
    name: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'lower-case letters, digits and hyphens')
      .optional()
      .describe('Defaults to the file name without extension'),
    description: z.string().max(2000).optional(),
    seed: z.number().int().min(0).max(2 ** 31 - 1).default(1).describe('Seed of the probability and latency draws'),
    tokens: z
      .strictObject({
        ttlSeconds: z.number().int().min(1).max(31_536_000).optional(),
        maxActivePerClient: z.number().int().min(1).max(1000).optional(),
        limitPolicy: z.enum(['reject', 'revoke-oldest']).optional(),
      })
      .optional(),
    rateLimit: z
      .strictObject({
        enabled: z.boolean().optional(),
        limit: z.number().int().min(1).max(1_000_000).optional(),
        windowSeconds: z.number().int().min(1).max(86_400).optional(),
      })
      .optional(),
    orders: z.strictObject({ payerNumbers: payerNumbers.optional(), progression: z.array(progressionStep).max(20) }).optional(),
    subscriptions: z
      .strictObject({
        failingAttempts: z
          .union([z.enum(['none', 'all']), z.array(z.number().int().min(1).max(1000)).max(100)])
          .optional()
          .describe('Charge attempts of each period that fail, counted from 1'),
        chargeAfterSeconds: z.number().min(0).max(31_536_000).optional(),
        retryAfterSeconds: z.number().min(1).max(31_536_000).optional(),
        payerNumbers: payerNumbers.optional(),
      })
      .optional(),
    payer: z
      .strictObject({
        answerSeconds: z.number().min(0).max(86_400).optional().describe("Mock-clock seconds before the payer answers the checkout page's phone prompt"),
        promptExpirySeconds: z.number().min(1).max(86_400).optional().describe('Mock-clock seconds before an unanswered prompt expires (PAYER_TIMEOUT)'),
        slowSuccessSeconds: z.number().min(0).max(31_536_000).optional().describe('Mock-clock seconds before a slow success (number 08) is paid'),
      })
      .optional()
      .describe('The payer prompt times of docs/payer-outcomes.md'),
    webhooks: z
      .strictObject({
        failDeliveries: z.boolean().optional(),
        duplicateDeliveries: z.boolean().optional(),
        outOfOrder: z.boolean().optional().describe('The deliveries one change causes (an order and its payment) are sent in reverse order of their creation'),
        delayMinutes: z.number().min(0).max(1440).optional().describe('Every delivery is held this many minutes of mock time before its first attempt'),
      })
      .optional(),
    wallets: scenarioWallets.optional(),
    rules: z.array(rule).max(100).default([]),
  })
  .describe('A commerce-mock scenario');

export type ScenarioInput = z.input<typeof scenarioSchema>;
export type ScenarioFile = z.output<typeof scenarioSchema>;
export type Rule = ScenarioFile['rules'][number];
export type RuleEffect = Rule['then'];
export type RuleMatch = Rule['match'];

/** A loaded scenario: its file's content with the name settled. */
export interface Scenario extends ScenarioFile {
  name: string;
  /** Where it came from: `built-in` or the file's path. */
  source: string;
}
