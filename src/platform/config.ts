/**
 * Every option of the mock, as one zod schema. Sources are merged defaults ← config file ← env ← flags,
 * then validated once; a failure names the option (or the file and field).
 */
import * as z from 'zod';
import { WEBHOOK_FORMATS, webhookSecretProblem } from '../domain/webhook-secret.ts';
import { ownOrigins, webhookUrlProblem } from '../domain/webhook-url.ts';
import { CLIENT_ID_MAX_LENGTH, ID_PATTERN } from '../domain/ids.ts';
import { closestWord } from './did-you-mean.ts';
import { LOG_FORMATS, LOG_LEVELS } from './log.ts';

/** The seed of the generated dataset when none is given. */
export const DEFAULT_SEED = 42;

export const DEFAULT_CLIENTS = [
  { clientId: 'mock-client', clientSecret: 'mock-secret', active: true, name: 'Default merchant' },
  { clientId: 'inactive-client', clientSecret: 'inactive-secret', active: false, name: 'Deactivated merchant' },
];

/** Where a client's webhooks go and the secret they are signed with (http or https only). */
export const webhookEndpointSchema = z
  .strictObject({
    url: z.url({ protocol: /^https?$/ }),
    secret: z.string().min(8).max(200),
    /** `mock` (X-Mock-Signature, the default) or `standard` (Standard Webhooks: a `whsec_` base64 secret). */
    format: z.enum(WEBHOOK_FORMATS).optional(),
  })
  .superRefine((endpoint, context) => {
    const problem = webhookSecretProblem(endpoint.secret, endpoint.format ?? 'mock');
    if (problem) context.addIssue({ code: 'custom', path: ['secret'], message: problem });
  });

const clientSchema = z.strictObject({
  // The id rule every door shares (domain/ids.ts): a client the config makes can be named in every admin path.
  clientId: z.string().min(1).max(CLIENT_ID_MAX_LENGTH).regex(ID_PATTERN, 'the id rule: 1 to 200 printable ASCII characters, no space, never . or ..'),
  clientSecret: z.string().min(1).max(200),
  active: z.boolean().default(true),
  name: z.string().max(200).optional(),
  /** A scenario active for this client alone (narrower than the global one). */
  scenario: z.string().min(1).max(64).optional(),
  /** Off when absent: no webhook is sent for this client. */
  webhook: webhookEndpointSchema.optional(),
});

/** Bounds only: the defaults, and the limit's check, are the tokens' own (src/tokens/token-policy.ts). */
const tokenPolicySchema = z.strictObject({
  ttlSeconds: z.number().int().min(1).max(31_536_000).optional(),
  maxActivePerClient: z.number().int().min(1).max(1000).optional(),
  limitPolicy: z.enum(['reject', 'revoke-oldest']).optional(),
});

const rateLimitSchema = z.strictObject({
  enabled: z.boolean().default(true),
  limit: z.number().int().min(1).max(1_000_000).default(100),
  windowSeconds: z.number().int().min(1).max(86_400).default(60),
});

const timeoutsSchema = z.strictObject({
  /** A client must have sent its request headers within this time (slowloris). */
  headersSeconds: z.number().min(0.1).max(600).default(10),
  /** …and its whole request within this time. */
  requestSeconds: z.number().min(0.1).max(3600).default(30),
  /** How long an armed `network.timeout` or `network.timeout-before-commit` holds the answer, and `network.slow-body` trickles it (docs/network-failures.md). */
  heldAnswerSeconds: z.number().min(0.01).max(120).default(30),
});

/**
 * The audit's thresholds (docs/audit.md): each rule of src/audit/rules/ reads its own. The defaults judge a client as a
 * reviewer of a payment integration would; a team may loosen or tighten them for its own traffic.
 */
export const auditThresholdsSchema = z.strictObject({
  /** `token.churn`: new tokens taken while a valid one was held, allowed before it is a finding. */
  tokenChurnAllowance: z.number().int().min(0).max(1000).default(2),
  /** `poll.tight`: two reads of one order's status closer than this are tight… */
  pollMinIntervalSeconds: z.number().min(0).max(3600).default(1),
  /** …and this many tight reads in all are allowed. */
  pollTightAllowance: z.number().int().min(0).max(1000).default(2),
  /** `poll.after-final`: reads of an order after the one that showed it final, allowed. */
  pollAfterFinalAllowance: z.number().int().min(0).max(1000).default(1),
  /** `poll.unbounded`: an order read for longer than this without its interval growing. */
  pollMaxSeconds: z.number().min(1).max(86_400).default(300),
  /** `order.duplicate`: the same cart placed again within this after a failed or unknown attempt. */
  duplicateOrderWindowSeconds: z.number().min(1).max(86_400).default(600),
  /** `webhook.receiver-slow`: a receiver's answer slower than this. */
  receiverSlowSeconds: z.number().min(0.01).max(60).default(5),
  /** `request.invalid-repeated`: the same 400 more than this many times. */
  invalidRepeatedMax: z.number().int().min(1).max(1000).default(3),
});

const snapshotLimitsSchema = z.strictObject({
  maxCount: z.number().int().min(1).max(10_000).default(20),
  maxTotalBytes: z.number().int().min(1024).max(4 * 1024 ** 3).default(50 * 1024 * 1024),
});

/** A check of a URL's parts; zod runs every refinement, also after the URL check failed, which reports that. */
function ifParsed(check: (url: URL) => boolean): (value: string) => boolean {
  return (value) => !URL.canParse(value) || check(new URL(value));
}

/**
 * Tracing (OpenTelemetry), off unless set: the configuration file's mirror of the standard `OTEL_*` variables, which
 * fill it (`OTEL_TRACES_EXPORTER`, `OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`,
 * `OTEL_EXPORTER_OTLP_PROTOCOL`, `OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`, `OTEL_TRACES_SAMPLER`,
 * `OTEL_TRACES_SAMPLER_ARG`; src/tracing/tracing-env.ts).
 */
export const tracingSchema = z.strictObject({
  exporter: z.enum(['otlp', 'none']).default('otlp'),
  /** The collector's base URL (`/v1/traces` is added), as OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).default('http://localhost:4318'),
  /** The whole URL spans are posted to, as OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: wins over `endpoint`. */
  tracesEndpoint: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).optional(),
  protocol: z.enum(['http/protobuf', 'http/json']).default('http/protobuf'),
  serviceName: z.string().min(1).max(200).default('commerce-mock'),
  /** `key=value,key2=value2`, as OTEL_RESOURCE_ATTRIBUTES. */
  resourceAttributes: z.string().max(4096).optional(),
  sampler: z.enum(['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio']).default('parentbased_always_on'),
  /** The ratio of a `traceidratio` sampler, 0 to 1. */
  samplerArg: z.number().min(0).max(1).optional(),
});

export type TracingSettings = z.infer<typeof tracingSchema>;

export const configSchema = z.strictObject({
  port: z.number().int().min(0).max(65_535).default(4010),
  host: z.string().min(1).default('127.0.0.1'),
  data: z.string().min(1).default('.commerce-mock/db.json'),
  inMemory: z.boolean().default(false),
  /** Start afresh: the data file and its journal moved aside (`<file>.reset-<time>`), the store empty, then seeded. */
  reset: z.boolean().default(false),
  /** An unreadable data file is moved aside (`<file>.corrupt-<time>`) and the mock starts afresh; a readable one is kept. */
  setAsideUnreadable: z.boolean().default(false),
  seed: z.number().int().min(0).max(2 ** 31 - 1).default(DEFAULT_SEED),
  seedData: z.enum(['default', 'none']).default('default'),
  /**
   * Base of the links the mock hands out (checkout pages, /docs); defaults to the host the client reached. An
   * http(s) URL without credentials: it is written into pages, links and a Content-Security-Policy.
   */
  publicUrl: z
    .url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' })
    .refine(ifParsed((url) => url.username === '' && url.password === ''), 'must not carry credentials (user:password@)')
    .refine(ifParsed((url) => url.search === '' && url.hash === ''), 'must not carry a query or a fragment: links are built under it')
    .optional(),
  /**
   * Origins a browser page may call the API from (CORS). `*` allows any; unset means `*` on a loopback host and
   * none on any other.
   */
  corsOrigins: z.array(z.union([z.literal('*'), z.url()])).max(100).optional(),
  adminToken: z.string().min(8).optional(),
  /** The scenario active globally from the start (a name from the built-ins or `scenariosDir`). */
  scenario: z.string().min(1).max(64).optional(),
  /** A directory of the user's scenario files, loaded over the built-ins. */
  scenariosDir: z.string().min(1).optional(),
  /** `silent` prints nothing at all, the start-up banner included; `warn` and above leave out the access log. */
  logLevel: z.enum(LOG_LEVELS).default('info'),
  /** `json`: one object per line on stderr (`level`, `time`, `msg` and fields). */
  logFormat: z.enum(LOG_FORMATS).default('text'),
  clients: z
    .array(clientSchema)
    .min(1)
    .refine((clients) => new Set(clients.map((c) => c.clientId)).size === clients.length, {
      message: 'clientId values must be unique',
    })
    .default(DEFAULT_CLIENTS),
  tokens: tokenPolicySchema.default({}),
  rateLimit: rateLimitSchema.default(rateLimitSchema.parse({})),
  timeouts: timeoutsSchema.default(timeoutsSchema.parse({})),
  /** A clock move that would make one subscription bill more periods than this is refused (400). */
  maxCatchUpPeriods: z.number().int().min(1).max(100_000).default(120),
  /** Webhooks may go to link-local and cloud-metadata addresses (169.254.0.0/16, fd00:ec2::254): off by default. */
  webhookAllowLinkLocal: z.boolean().default(false),
  /** Named state snapshots kept in memory (`POST /__admin/snapshots`): at most this many, this many bytes in all. */
  snapshots: snapshotLimitsSchema.default(snapshotLimitsSchema.parse({})),
  /** OpenTelemetry traces (docs/tracing.md): absent, or `exporter: none`, is off, and nothing of the SDK is loaded. */
  tracing: tracingSchema.optional(),
  /**
   * Where a trace is shown (Jaeger, Tempo, …): an http(s) URL holding `{traceId}`, which the console's journal fills
   * to link each traced request (env COMMERCE_MOCK_TRACE_URL).
   */
  traceUrl: z
    .url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL holding {traceId}' })
    .refine((url) => url.includes('{traceId}') || url.includes('%7BtraceId%7D'), 'must hold {traceId}, where the trace id goes')
    .optional(),
  /** The audit's thresholds (docs/audit.md). */
  audit: auditThresholdsSchema.default(auditThresholdsSchema.parse({})),
}).superRefine((config, context) => {
  // A client's webhook may not point at this very mock, nor (unless allowed) at a link-local address.
  const own = ownOrigins(config);
  config.clients.forEach((client, index) => {
    // A URL the field's own schema refused is named once, by that schema.
    const url = client.webhook?.url;
    const problem = url !== undefined && webhookEndpointSchema.shape.url.safeParse(url).success && webhookUrlProblem(url, { allowLinkLocal: config.webhookAllowLinkLocal, own });
    if (problem) context.addIssue({ code: 'custom', path: ['clients', index, 'webhook', 'url'], message: problem });
  });
});

export type Config = z.infer<typeof configSchema>;
export type ClientConfig = Config['clients'][number];
export type AuditThresholds = Config['audit'];
export type ConfigInput = z.input<typeof configSchema>;

/** The two options that choose where state is kept, named together in the one problem they make. */
export const EXCLUSIVE_STORES = 'inMemory and data';

/** The options that move a data file aside: in memory there is none, and every start is afresh. */
export const DATA_FILE_ONLY = ['reset', 'setAsideUnreadable'] as const;

/** The field named by the problem of one of DATA_FILE_ONLY given with in-memory state. */
export function inMemoryWith(option: (typeof DATA_FILE_ONLY)[number]): string {
  return `${option} with inMemory`;
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

/**
 * Validate merged input. Each problem is prefixed by `where(field)`: by default `<origin>: <field>` (a config
 * file names itself and the field); the command line names the flag instead.
 */
export function parseConfig(
  input: unknown,
  origin = 'configuration',
  where: (field: string) => string = (field) => `${origin}: ${field}`,
): ConfigResult {
  // `data` has a default, so only the input can tell that both were asked for, whichever the source.
  if (isPlainObject(input) && input['inMemory'] === true && input['data'] !== undefined) {
    return { ok: false, problems: [`${where(EXCLUSIVE_STORES)}: exclude each other: state is kept either in memory or in a file`] };
  }
  const moving = isPlainObject(input) && input['inMemory'] === true ? DATA_FILE_ONLY.filter((option) => input[option] === true) : [];
  if (moving.length > 0) {
    return {
      ok: false,
      problems: moving.map((option) => `${where(inMemoryWith(option))}: a data file is needed: in memory every start is afresh, and there is nothing to move aside`),
    };
  }
  const result = configSchema.safeParse(input);
  if (result.success) return { ok: true, config: result.data };
  const problems = result.error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => `${where([...issue.path, key].join('.'))}: ${unknownKey(issue.path, key)}`);
    const field = issue.path.length > 0 ? issue.path.join('.') : '(root)';
    return [`${where(field)}: ${issue.message}`];
  });
  return { ok: false, problems };
}

/** An unknown key, with the known key it is likely a misspelling of (as a misspelt flag gets). */
function unknownKey(path: readonly PropertyKey[], key: string): string {
  const known = keysAt(configSchema, path);
  const close = closestWord(key, known);
  return close === undefined ? `unknown key (known here: ${known.join(', ')})` : `unknown key; did you mean ${close}?`;
}

/** The keys an object of the schema accepts at a path of the input (through defaults, optionals and arrays). */
function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let at: z.ZodType | undefined = schema;
  for (const step of [...path, undefined]) {
    while (at instanceof z.ZodDefault || at instanceof z.ZodOptional) at = at.unwrap() as z.ZodType;
    if (step === undefined) break;
    if (at instanceof z.ZodArray) at = at.element as z.ZodType;
    else if (at instanceof z.ZodObject) at = (at.shape as Record<string, z.ZodType>)[String(step)];
    else return [];
  }
  return at instanceof z.ZodObject ? Object.keys(at.shape) : [];
}

/** A config with every default, for tests and embedding. */
export function defaultConfig(overrides: ConfigInput = {}): Config {
  return configSchema.parse(overrides);
}

/** Shallow-deep merge of plain objects: later sources win; arrays are replaced, not merged. */
export function mergeConfigSources(...sources: Array<Record<string, unknown>>): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const source of sources) {
    for (const [key, value] of Object.entries(source)) {
      if (value === undefined) continue;
      const previous = merged[key];
      merged[key] =
        isPlainObject(previous) && isPlainObject(value) ? mergeConfigSources(previous, value) : value;
    }
  }
  return merged;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
