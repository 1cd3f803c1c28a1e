/**
 * CLI → config → store → createApp → listen. The only module that touches process, signals and sockets.
 */
import type { Server } from 'node:http';
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

async function start(flags: StartFlags): Promise<void> {
  const resolved = resolveConfig(flags, process.env);
  if (!resolved.ok) return fail(resolved.problems);
  const config = resolved.config;
  const logger = createLogger(config.logLevel, (line) => process.stderr.write(line));
  const clock = createClock();

  let store: Store;
  try {
    store = await openStore(config.inMemory ? { now: clock.now } : { file: config.data, reset: config.reset, now: clock.now });
  } catch (error) {
    if (error instanceof StoreOpenError) return fail([error.message]);
    throw error;
  }

  const deps = { config, clock, random: createSecureRandom(), store, logger };
  seedInitialData(deps);
  try {
    await store.commit();
  } catch (error) {
    return fail([`cannot write the seeded dataset: ${String(error)}`]);
  }
  const app = await createApp(deps);
  const server = app.listen(config.port, config.host);
  server.once('error', (error) => {
    fail([`cannot listen on ${config.host}:${config.port}: ${error.message}`]);
  });
  // With --port 0 the real port is known only once listening.
  server.once('listening', () => announce({ ...config, port: listeningPort(server, config.port) }, logger));
  handleShutdown(server, store, logger);
}

function listeningPort(server: Server, fallback: number): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : fallback;
}

function announce(config: Config, logger: Logger): void {
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const base = `http://${host}:${config.port}`;
  const client = config.clients.find((candidate) => candidate.active);
  const lines = [
    `commerce-mock listening on ${base}`,
    `  API (canonical)  ${base}/v1`,
    `  API (aliases)    ${base}/api/v1  ${base}/api`,
    `  admin            ${base}/__admin`,
    `  store            ${config.inMemory ? 'in memory' : config.data}`,
    client ? `  credentials      client_id=${client.clientId} client_secret=${client.clientSecret}` : '',
  ];
  process.stdout.write(`${lines.filter(Boolean).join('\n')}\n`);
  logger.debug(`config: ${JSON.stringify({ ...config, clients: config.clients.length })}`);
}

function handleShutdown(server: Server, store: Store, logger: Logger): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: finishing in-flight requests`);
    // close() stops accepting and waits for in-flight requests; idle keep-alive sockets would hold it open.
    server.close(() => {
      store
        .close()
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          logger.error(`flushing the store failed: ${String(error)}`);
          process.exit(1);
        });
    });
    server.closeIdleConnections();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
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
