/**
 * The standard OpenTelemetry variables as the configuration's `tracing` (platform/config.ts): set when any of
 * them asks for traces, absent (tracing off, nothing of the SDK loaded) when none does. What the variables set wins
 * over the configuration file's mirror. `OTEL_SDK_DISABLED=true` and `OTEL_TRACES_EXPORTER=none` turn it off.
 */

type Env = Record<string, string | undefined>;

/** The variable behind each setting, for refusals that name what the user set. */
export const TRACING_VARIABLES: Readonly<Record<string, string>> = {
  'tracing.exporter': 'env OTEL_TRACES_EXPORTER',
  'tracing.endpoint': 'env OTEL_EXPORTER_OTLP_ENDPOINT',
  'tracing.tracesEndpoint': 'env OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'tracing.protocol': 'env OTEL_EXPORTER_OTLP_PROTOCOL (or OTEL_EXPORTER_OTLP_TRACES_PROTOCOL)',
  'tracing.serviceName': 'env OTEL_SERVICE_NAME',
  'tracing.resourceAttributes': 'env OTEL_RESOURCE_ATTRIBUTES',
  'tracing.sampler': 'env OTEL_TRACES_SAMPLER',
  'tracing.samplerArg': 'env OTEL_TRACES_SAMPLER_ARG',
};

/** The `tracing` input the variables give, or undefined when they say nothing of traces. */
export function tracingFromEnv(env: Env, fromFile: unknown): Record<string, unknown> | undefined {
  const value = (name: string) => (env[name] === undefined || env[name] === '' ? undefined : env[name]?.trim());
  if (value('OTEL_SDK_DISABLED')?.toLowerCase() === 'true') return { exporter: 'none' };
  const exporter = value('OTEL_TRACES_EXPORTER');
  const endpoint = value('OTEL_EXPORTER_OTLP_ENDPOINT');
  const tracesEndpoint = value('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const asked = exporter !== undefined || endpoint !== undefined || tracesEndpoint !== undefined;
  if (!asked && fromFile === undefined) return undefined;
  const samplerArg = value('OTEL_TRACES_SAMPLER_ARG');
  const set: Record<string, unknown> = {
    exporter,
    endpoint,
    tracesEndpoint,
    protocol: value('OTEL_EXPORTER_OTLP_TRACES_PROTOCOL') ?? value('OTEL_EXPORTER_OTLP_PROTOCOL'),
    serviceName: value('OTEL_SERVICE_NAME'),
    resourceAttributes: value('OTEL_RESOURCE_ATTRIBUTES'),
    sampler: value('OTEL_TRACES_SAMPLER'),
    samplerArg: samplerArg === undefined ? undefined : /^\d+(\.\d+)?$/.test(samplerArg) ? Number(samplerArg) : samplerArg,
  };
  const file = typeof fromFile === 'object' && fromFile !== null ? (fromFile as Record<string, unknown>) : {};
  return { ...file, ...Object.fromEntries(Object.entries(set).filter(([, given]) => given !== undefined)) };
}
