/**
 * CLI → config → store → createApp → listen. The only module that touches process, signals and sockets.
 */
import type { Server, ServerResponse } from 'node:http';
import { Command, CommanderError } from 'commander';
import { createApp } from './app.ts';
import { defineStartCommand, resolveConfig, type StartFlags } from './cli-options.ts';
import { createClock } from './clock.ts';
import type { Config } from './config.ts';
import { seedInitialData } from './fake/seed-initial-data.ts';
import { createLogger, type Logger } from './log.ts';
import { createSecureRandom } from './random.ts';
import { openStore, StoreOpenError } from './store/index.ts';
import type { Store } from './store/types.ts';

const EXIT_USAGE = 2;

/** After SIGINT/SIGTERM, in-flight requests get this long to finish before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

async function start(flags: StartFlags): Promise<void> {
  const resolved = resolveConfig(flags, process.env);
  if (!resolved.ok) return fail(resolved.problems);
  const config = resolved.config;
  const logger = createLogger(config.logLevel, (line) => process.stderr.write(line));
  // Installed before anything slow, so a stop signal during start-up still ends in an orderly exit 0.
  const shutdown = onStopSignal(logger);
  const clock = createClock();
  logger.info(`opening the store (${config.inMemory ? 'in memory' : config.data})`);

  const opening = openStore({
    ...(config.inMemory ? {} : { file: config.data, reset: config.reset }),
    now: clock.now,
    onSetAside: ({ file, reason, movedTo }) => logger.warn(`--reset: ${file} (${reason}) moved to ${movedTo.join(', ')}`),
  });
  // A stop while the store opens (or sets a corrupt file aside) waits for it, then closes it.
  shutdown.closeStore = () => opening.then((opened) => opened.close(), () => undefined);
  let store: Store;
  try {
    store = await opening;
  } catch (error) {
    if (error instanceof StoreOpenError) return fail([error.message]);
    throw error;
  }
  if (shutdown.stopping) return;

  const deps = { config, clock, random: createSecureRandom(), store, logger };
  seedInitialData(deps);
  try {
    await store.commit();
  } catch (error) {
    return fail([`cannot write the seeded dataset: ${String(error)}`]);
  }
  const app = await createApp(deps);
  if (shutdown.stopping) return;
  const server = app.listen(config.port, config.host);
  shutdown.server = server;
  trackInFlight(server, shutdown.inFlight);
  server.once('error', (error) => {
    fail([`cannot listen on ${config.host}:${config.port}: ${error.message}`]);
  });
  // With --port 0 the real port is known only once listening.
  server.once('listening', () => announce({ ...config, port: listeningPort(server, config.port) }, logger));
}

function trackInFlight(server: Server, inFlight: Set<ServerResponse>): void {
  server.on('request', (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
}

function listeningPort(server: Server, fallback: number): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : fallback;
}

function announce(config: Config, logger: Logger): void {
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const base = `http://${host}:${config.port}`;
  const lines = [
    `commerce-mock listening on ${base}`,
    `  API (canonical)  ${base}/v1`,
    `  API (aliases)    ${base}/api/v1  ${base}/api`,
    `  admin            ${base}/__admin`,
    `  store            ${config.inMemory ? 'in memory' : config.data}`,
    ...config.clients.map(
      (client) =>
        `  credentials      client_id=${client.clientId} client_secret=${client.clientSecret}${client.active ? '' : '  (deactivated: CLIENT_INATIVO)'}`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  logger.debug(`config: ${JSON.stringify({ ...config, clients: config.clients.length })}`);
}

interface Shutdown {
  stopping: boolean;
  /** Responses not yet finished, so a stop can ask their connections to close after them. */
  inFlight: Set<ServerResponse>;
  server?: Server;
  closeStore?: () => Promise<void>;
}

/**
 * SIGINT/SIGTERM: stop accepting, let in-flight requests finish (their connections are not kept alive), flush
 * the store, exit 0. Whatever start-up has reached so far is what gets closed.
 */
function onStopSignal(logger: Logger): Shutdown {
  const shutdown: Shutdown = { stopping: false, inFlight: new Set() };
  const finish = () => {
    const closing = shutdown.closeStore?.() ?? Promise.resolve();
    closing
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error(`flushing the store failed: ${String(error)}`);
        process.exit(1);
      });
  };
  const stop = (signal: string) => {
    if (shutdown.stopping) return;
    shutdown.stopping = true;
    const server = shutdown.server;
    if (!server) return finish();
    logger.info(`${signal}: finishing in-flight requests`);
    const closeAfter = (res: ServerResponse) => {
      if (!res.headersSent) res.setHeader('Connection', 'close');
    };
    shutdown.inFlight.forEach(closeAfter);
    server.prependListener('request', (_req, res: ServerResponse) => closeAfter(res));
    server.close(finish);
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return shutdown;
}

function fail(problems: string[]): void {
  for (const problem of problems) process.stderr.write(`commerce-mock: ${problem}\n`);
  process.exit(EXIT_USAGE);
}

export async function runCli(argv: string[]): Promise<void> {
  const program = new Command('commerce-mock')
    .description('Mock and contract-testing server for the Commerce and Subscription API')
    .exitOverride();
  defineStartCommand(program).action((flags: StartFlags) => start(flags));
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : EXIT_USAGE);
    throw error;
  }
}

await runCli(process.argv);
