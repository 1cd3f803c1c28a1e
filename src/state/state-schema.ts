/**
 * What an imported state's parts beyond the document's `State` shape must hold: each record against its
 * collection's schema (state/stored-schemas.ts), the store's bookkeeping (the dataset stamp, each client's
 * token ledger) and the webhooks part (endpoints, deliveries with their payload). A problem names where it is:
 * the collection, the record id and the field (`store.collections.subscriptions.sub_1.currentPeriodEnd`).
 */
import * as z from 'zod';
import type { ErrorDetail } from '../errors/failures.ts';
import { WEBHOOK_FORMATS } from '../domain/webhook-secret.ts';
import { webhookUrlProblem, type WebhookUrlRules } from '../domain/webhook-url.ts';
import { PARTS_META_PREFIX } from './mock-state.ts';
import { isTokenLedgerKey } from '../tokens/ledger.ts';
import { instant, STORED_RECORD_SCHEMAS, webhookDelivery } from './stored-schemas.ts';
import type { CollectionName } from '../store/store-types.ts';

const reference = z.string().min(1).max(200);
const count = z.number().int().min(0).max(1e9);

/** Keyed by their meta key, or by a family of keys (each client's token ledger). */
const META_SCHEMAS: ReadonlyArray<readonly [(key: string) => boolean, z.ZodType]> = [
  [(key) => key === 'dataset', z.looseObject({ seed: z.number().int().min(0), generatedAt: instant })],
  [(key) => isTokenLedgerKey(key), z.strictObject({ sequence: count, live: z.array(reference).max(100_000) })],
  // The mock's durable parts (state/mock-state.ts): each saved with the configuration it started from.
  [(key) => key.startsWith(PARTS_META_PREFIX), z.strictObject({ configured: z.unknown(), value: z.unknown() })],
];

const endpoint = z.strictObject({
  url: z.string(),
  secret: z.string().min(8).max(200),
  format: z.enum(WEBHOOK_FORMATS).optional(),
  previousSecret: z.string().min(8).max(200).optional(),
  previousSecretExpiresAt: instant.optional(),
});

/** A zod issue as a detail under `at`, in the API's language. */
function detailsOf(result: z.ZodSafeParseResult<unknown>, at: string): ErrorDetail[] {
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: at + issue.path.map(segmentOf).join(''), message: messageOf(issue) }));
}

/** `.field`, or `[3]` for a list's index: the paths the document's own validation names (`items[0].price`). */
function segmentOf(key: PropertyKey): string {
  return typeof key === 'number' ? `[${key}]` : `.${String(key)}`;
}

function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.input === undefined && issue.code !== 'custom') return 'campo obrigatório';
  switch (issue.code) {
    case 'invalid_type':
      return `tipo inválido (esperado ${issue.expected})`;
    case 'invalid_value':
      return `valor inválido (permitidos: ${issue.values.map(String).join(', ')})`;
    case 'too_small':
      return `abaixo do mínimo (${String(issue.minimum)})`;
    case 'too_big':
      return `acima do máximo (${String(issue.maximum)})`;
    default:
      return issue.message;
  }
}

const parse = (schema: z.ZodType, value: unknown) => schema.safeParse(value, { reportInput: true });

export function recordProblems(collection: CollectionName, key: string, record: unknown): ErrorDetail[] {
  return detailsOf(parse(STORED_RECORD_SCHEMAS[collection], record), `store.collections.${collection}.${key}`);
}

export function metaProblems(meta: Record<string, unknown>): ErrorDetail[] {
  return Object.entries(meta).flatMap(([key, value]) => {
    const schema = META_SCHEMAS.find(([applies]) => applies(key))?.[1];
    return schema ? detailsOf(parse(schema, value), `store.meta.${key}`) : [];
  });
}

export function webhookProblems(webhooks: unknown, urlRules: WebhookUrlRules): ErrorDetail[] {
  if (webhooks === undefined) return [];
  const shape = parse(z.looseObject({ endpoints: z.record(z.string(), z.unknown()), deliveries: z.array(z.unknown()).max(100_000) }), webhooks);
  if (!shape.success) return detailsOf(shape, 'webhooks');
  const { endpoints, deliveries } = shape.data as { endpoints: Record<string, unknown>; deliveries: unknown[] };
  return [
    ...Object.entries(endpoints).flatMap(([clientId, value]) => {
      const at = `webhooks.endpoints.${clientId}`;
      const shape = parse(endpoint, value);
      const problem = shape.success ? webhookUrlProblem((shape.data as { url: string }).url, urlRules) : undefined;
      return problem === undefined ? detailsOf(shape, at) : [{ path: `${at}.url`, message: problem }];
    }),
    // By index, as the document's validation names them: an id may be empty or missing.
    ...deliveries.flatMap((value, index) => detailsOf(parse(webhookDelivery, value), `webhooks.deliveries[${index}]`)),
  ];
}
