/**
 * Tracing is configured by the standard OTEL_* variables (or the configuration file's `tracing`), and is off when
 * none asks: what each variable sets, which wins, and a bad value refused naming the variable (a start exits 2).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/cli/options.ts';

const tracingOf = (env: Record<string, string>, flags = {}) => {
  const result = resolveConfig(flags, env);
  if (!result.ok) throw new Error(result.problems.join('; '));
  return result.config.tracing;
};

describe('tracing from the environment', () => {
  it('is off when no variable asks for traces', () => {
    expect(tracingOf({})).toBeUndefined();
    expect(tracingOf({ OTEL_SERVICE_NAME: 'payments-mock' })).toBeUndefined();
  });

  it('is on with an endpoint, each variable setting its field, the defaults filling the rest', () => {
    expect(
      tracingOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_SERVICE_NAME: 'payments-mock',
        OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=ci',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
      }),
    ).toEqual({
      exporter: 'otlp',
      endpoint: 'http://collector:4318',
      protocol: 'http/json',
      serviceName: 'payments-mock',
      resourceAttributes: 'deployment.environment=ci',
      sampler: 'parentbased_traceidratio',
      samplerArg: 0.25,
    });
    expect(tracingOf({ OTEL_TRACES_EXPORTER: 'otlp' })).toMatchObject({ exporter: 'otlp', endpoint: 'http://localhost:4318', protocol: 'http/protobuf', serviceName: 'commerce-mock' });
  });

  it('is off with OTEL_TRACES_EXPORTER=none or OTEL_SDK_DISABLED=true, whatever else is set', () => {
    expect(tracingOf({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })?.exporter).toBe('none');
    expect(tracingOf({ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })?.exporter).toBe('none');
  });

  it('takes the file’s tracing, the variables winning over it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tracing-config-'));
    const file = join(dir, 'mock.json');
    writeFileSync(file, JSON.stringify({ tracing: { endpoint: 'http://from-file:4318', serviceName: 'from-file' } }));
    expect(tracingOf({}, { config: file })).toMatchObject({ endpoint: 'http://from-file:4318', serviceName: 'from-file' });
    expect(tracingOf({ OTEL_SERVICE_NAME: 'from-env' }, { config: file })).toMatchObject({ endpoint: 'http://from-file:4318', serviceName: 'from-env' });
  });

  it.each([
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://collector:4318' }, 'env OTEL_EXPORTER_OTLP_ENDPOINT'],
    [{ OTEL_TRACES_EXPORTER: 'zipkin' }, 'env OTEL_TRACES_EXPORTER'],
    [{ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }, 'env OTEL_EXPORTER_OTLP_PROTOCOL'],
    [{ OTEL_TRACES_EXPORTER: 'otlp', OTEL_TRACES_SAMPLER_ARG: '2' }, 'env OTEL_TRACES_SAMPLER_ARG'],
    [{ COMMERCE_MOCK_TRACE_URL: 'http://jaeger:16686/trace/' }, 'env COMMERCE_MOCK_TRACE_URL'],
  ])('refuses %j, naming the variable', (env, named) => {
    const result = resolveConfig({}, env);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.join('\n')).toContain(named);
  });
});
