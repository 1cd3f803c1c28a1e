/**
 * What startMock runs: the CLI's start path (launchServer) with startMock's defaults, and the test suite's hook to
 * observe every exchange. Apart from start-mock.ts so the public declarations never reach the server's types.
 */
import { configSchema, DATA_FILE_ONLY, inMemoryWith, mergeConfigSources, parseConfig, type Config } from '../platform/config.ts';
import { createOpenApiRouter } from '../openapi/openapi-router.ts';
import { writeStderr, writeStdout } from '../platform/host-process.ts';
import { processCached } from '../platform/process-cache.ts';
import { launchServer, type LaunchExtras } from '../server/start-server.ts';
import { createAdminClient } from './admin-client.ts';
import type { Mock, StartMockOptions } from './mock-types.ts';

const DEFAULTS = { port: 0, host: '127.0.0.1', logLevel: 'silent' } as const;

/** The documents' routers, built once per process (platform/process-cache.ts): building them is most of a start. */
function sharedRouters(): Promise<Pick<LaunchExtras, 'router' | 'adminRouter'>> {
  return processCached('start-mock-routers', () =>
    Promise.all([createOpenApiRouter(), createOpenApiRouter({ document: 'admin' })]).then(([router, adminRouter]) => ({ router, adminRouter })),
  );
}

/** startMock with observers of every exchange added (the test suite validates answers against the documents). */
export async function launchMock(options: StartMockOptions, extras: Omit<LaunchExtras, 'scenarioOption'>): Promise<Mock> {
  const config = resolveOptions(options);
  const stderr = writeStderr;
  const stdout = config.logLevel === 'silent' ? () => undefined : writeStdout;
  const launched = await launchServer(config, { stdout, stderr, stop: new AbortController().signal }, {
    ...(await sharedRouters()),
    ...extras,
    scenarioOption: 'option scenario',
  });
  if (!launched.ok) throw new Error(`startMock: ${launched.problems.join('; ')}`);
  if (!('running' in launched)) throw new Error('startMock: stopped before it listened');
  const { running } = launched;
  const chosen = config.clients.find((client) => client.active) ?? config.clients[0];
  const credentials = { clientId: chosen?.clientId ?? '', clientSecret: chosen?.clientSecret ?? '' };
  return {
    url: running.url,
    port: running.port,
    credentials,
    admin: createAdminClient(running.url, { adminToken: config.adminToken, ...(chosen && { clientId: chosen.clientId }) }),
    stop: () =>
      running.stop('stop()').then((code) => {
        if (code !== 0) throw new Error(`startMock: the store's last write failed${config.logLevel === 'silent' ? ' (logLevel "error" shows why)' : ''}`);
      }),
  };
}

/** In memory is what no `dataFile` means here: an option that needs a file is named so. */
const WITHOUT_DATA_FILE: Record<string, string> = Object.fromEntries(DATA_FILE_ONLY.map((option) => [inMemoryWith(option), `${option} without dataFile`]));

function resolveOptions(options: StartMockOptions): Config {
  const given = options as Record<string, unknown>;
  const misplaced = ['data', 'inMemory'].filter((name) => given[name] !== undefined);
  if (misplaced.length > 0) throw new Error(`startMock: option ${misplaced.join(', ')}: not taken; give dataFile for a file (in memory without it)`);
  const unknown = Object.keys(given).filter((name) => name !== 'dataFile' && !(name in configSchema.shape));
  if (unknown.length > 0) throw new Error(`startMock: unknown option ${unknown.map((name) => `"${name}"`).join(', ')}`);
  const { dataFile, ...rest } = options;
  const input = mergeConfigSources(DEFAULTS, rest, dataFile === undefined ? { inMemory: true } : { data: dataFile });
  const parsed = parseConfig(input, 'startMock', (field) => `option ${WITHOUT_DATA_FILE[field] ?? field}`);
  if (!parsed.ok) throw new Error(`startMock: ${parsed.problems.join('; ')}`);
  return parsed.config;
}
