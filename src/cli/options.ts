/**
 * The `commerce-mock start` command line: flags → config input. Each parser names its flag on failure;
 * the config file is read and validated on its own so its errors name the file and the field.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { withExamples } from './help-text.ts';
import { LOG_FORMATS, LOG_LEVELS } from '../platform/log.ts';
import { EXCLUSIVE_STORES, inMemoryWith, mergeConfigSources, parseConfig, type ConfigResult } from '../platform/config.ts';
import { TRACING_VARIABLES, tracingFromEnv } from '../tracing/tracing-env.ts';

export interface StartFlags {
  port?: number;
  host?: string;
  data?: string;
  inMemory?: boolean;
  reset?: boolean;
  setAsideUnreadable?: boolean;
  seed?: number;
  seedData?: 'default' | 'none';
  config?: string;
  tokenTtl?: number;
  tokenLimitPolicy?: 'reject' | 'revoke-oldest';
  rateLimit?: number | 'off';
  logLevel?: string;
  logFormat?: string;
  adminToken?: string;
  publicUrl?: string;
  corsOrigins?: string[];
  scenario?: string;
  scenarios?: string;
  maxCatchUpPeriods?: number;
}

/** The shape of a number flag; its bounds are the config schema's, checked once for every source. */
function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`expected a whole number, got "${value}".`);
  return Number(value);
}

function rateLimit(value: string): number | 'off' {
  return value === 'off' ? 'off' : wholeNumber(value);
}

export function defineStartCommand(program: Command): Command {
  const start = program
    .command('start')
    .description('start the mock server (the default: `commerce-mock` with flags only)')
    .addOption(new Option('--port <n>', 'port to listen on (default 4010; env PORT; 0: any free port)').argParser(wholeNumber))
    .option('--host <address>', 'address to bind (default 127.0.0.1)')
    .option('--data <file>', 'lowdb data file (default .commerce-mock/db.json)')
    .option('--in-memory', 'keep state in memory only')
    .option('--reset', 'start afresh (records, clock, scenarios, tokens, tenants, deliveries): the data file is moved aside as <file>.reset-<time>, not deleted')
    .option('--set-aside-unreadable', 'keep the state of a readable data file, but move an unreadable one aside as <file>.corrupt-<time> and start afresh (instead of exit 2)')
    .addOption(new Option('--seed <n>', 'seed of the generated dataset (default 42)').argParser(wholeNumber))
    .addOption(new Option('--seed-data <kind>', 'initial dataset of an empty store').choices(['default', 'none']))
    .option('--config <file>', 'JSON or YAML configuration file (clients, limits, token policy)')
    .addOption(new Option('--token-ttl <seconds>', 'access token lifetime (default 3600)').argParser(wholeNumber))
    .addOption(new Option('--token-limit-policy <policy>', 'sixth active token').choices(['reject', 'revoke-oldest']))
    .addOption(new Option('--rate-limit <n|off>', 'requests per minute per IP (default 100)').argParser(rateLimit))
    .addOption(new Option('--log-level <level>', 'log level; silent prints nothing, warn leaves out the access log').choices(LOG_LEVELS))
    .addOption(new Option('--log-format <format>', 'text, or json: one object per line on stderr').choices(LOG_FORMATS))
    .option('--admin-token <token>', 'bearer token required by /__admin when the host is not loopback (env COMMERCE_MOCK_ADMIN_TOKEN)')
    .option('--scenario <name>', 'scenario active globally from the start (see `npx commerce-mock scenarios list`)')
    .option('--scenarios <dir>', 'directory of your scenario files, loaded over the built-ins')
    .addOption(
      new Option('--max-catch-up-periods <n>', 'a clock move billing more periods of one subscription is refused (default 120)').argParser(wholeNumber),
    )
    .option('--public-url <url>', 'base URL used in links the mock hands out (checkout pages)')
    .addOption(
      new Option('--cors-origins <origins>', 'comma-separated origins browser pages may call from, or * (default: * on loopback)').argParser(
        (value: string) => value.split(',').map((origin) => origin.trim()),
      ),
    );
  return withExamples(start, 'start', [
    'commerce-mock start                                  # http://127.0.0.1:4010, state in .commerce-mock/db.json',
    'commerce-mock start --in-memory --port 0             # a throwaway mock on any free port',
    'commerce-mock start --reset                          # start afresh; the banner names where the old data went',
    'commerce-mock start --scenario order-failed          # every order fails on its first status poll',
    'COMMERCE_MOCK_ADMIN_TOKEN=change-me-please commerce-mock start --host 0.0.0.0',
    'commerce-mock start --config mock.yaml --log-format json',
  ]);
}

/** Merge defaults ← config file ← env ← flags and validate. */
export function resolveConfig(flags: StartFlags, env: Record<string, string | undefined>): ConfigResult {
  const fromFile = flags.config ? readConfigFile(flags.config) : { ok: true as const, input: {} };
  if (!fromFile.ok) return fromFile;
  const envPort = env['PORT'] || undefined;
  if (envPort !== undefined && !/^\d+$/.test(envPort)) return { ok: false, problems: [`env PORT: expected a whole number, got "${envPort}"`] };
  // The admin token may come from the environment, where a container or CI secret puts it (never argv, which `ps` shows).
  const envAdminToken = env['COMMERCE_MOCK_ADMIN_TOKEN'] || undefined;
  const fromFlags = {
    port: flags.port ?? (envPort === undefined ? undefined : Number(envPort)),
    host: flags.host,
    data: flags.data,
    inMemory: flags.inMemory,
    reset: flags.reset,
    setAsideUnreadable: flags.setAsideUnreadable,
    seed: flags.seed,
    seedData: flags.seedData,
    logLevel: flags.logLevel,
    logFormat: flags.logFormat,
    adminToken: flags.adminToken ?? envAdminToken,
    publicUrl: flags.publicUrl,
    corsOrigins: flags.corsOrigins,
    scenario: flags.scenario,
    scenariosDir: flags.scenarios,
    maxCatchUpPeriods: flags.maxCatchUpPeriods,
    tokens: { ttlSeconds: flags.tokenTtl, limitPolicy: flags.tokenLimitPolicy },
    rateLimit:
      flags.rateLimit === undefined ? {} : flags.rateLimit === 'off' ? { enabled: false } : { enabled: true, limit: flags.rateLimit },
    // The standard OTEL_* variables, over the file's `tracing` (docs/tracing.md).
    tracing: tracingFromEnv(env, fromFile.input['tracing']),
    traceUrl: env['COMMERCE_MOCK_TRACE_URL'] || undefined,
  };
  // The file was validated on its own above, so what fails now came from a flag (or env PORT, COMMERCE_MOCK_ADMIN_TOKEN).
  return parseConfig(mergeConfigSources(fromFile.input, fromFlags), 'option', (field) => FLAG_OF[field] ?? FLAG_OF[field.replace(/\.\d+$/, '')] ?? `option ${field}`);
}

const FLAG_OF: Record<string, string> = {
  [EXCLUSIVE_STORES]: '--in-memory and --data',
  [inMemoryWith('reset')]: '--reset with --in-memory',
  [inMemoryWith('setAsideUnreadable')]: '--set-aside-unreadable with --in-memory',
  port: '--port (or env PORT)',
  host: '--host',
  data: '--data',
  seed: '--seed',
  logLevel: '--log-level',
  logFormat: '--log-format',
  adminToken: '--admin-token (or env COMMERCE_MOCK_ADMIN_TOKEN)',
  publicUrl: '--public-url',
  corsOrigins: '--cors-origins',
  scenario: '--scenario',
  scenariosDir: '--scenarios',
  maxCatchUpPeriods: '--max-catch-up-periods',
  'tokens.ttlSeconds': '--token-ttl',
  'tokens.limitPolicy': '--token-limit-policy',
  'rateLimit.limit': '--rate-limit',
  ...TRACING_VARIABLES,
  traceUrl: 'env COMMERCE_MOCK_TRACE_URL',
};

/** The YAML parser, loaded only when a YAML config file is given (it costs ≈ 30 ms of start-up). */
function parseYaml(text: string): unknown {
  const { parse } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return parse(text);
}

type FileOutcome = { ok: true; input: Record<string, unknown> } | { ok: false; problems: string[] };

function readConfigFile(path: string): FileOutcome {
  let input: unknown;
  try {
    const text = readFileSync(path, 'utf8');
    input = ['.yaml', '.yml'].includes(extname(path).toLowerCase()) ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [`--config ${path}: cannot read or parse: ${(error as Error).message}`] };
  }
  const checked = parseConfig(input ?? {}, `--config ${path}`);
  if (!checked.ok) return checked;
  return { ok: true, input: input as Record<string, unknown> };
}
