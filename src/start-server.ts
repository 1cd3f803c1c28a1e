/**
 * `commerce-mock start`: config → lock the data file → listen → store → seeded data → createApp → serve, until
 * the stop signal. The only module that opens sockets. A stop at any moment of start-up ends in an orderly exit 0.
 */
import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createApp } from './app.ts';
import { createClientRegistry } from './clients/client-registry.ts';
import { createClock } from './clock.ts';
import type { Config } from './config.ts';
import { seedInitialData } from './fake/seed-initial-data.ts';
import { isLoopback } from './http/loopback.ts';
import { createLogger, type Logger } from './log.ts';
import { createSecureRandom } from './random.ts';
import { formatProblem, loadScenarios, scenarioLibrary, type ScenarioLibrary } from './scenarios/scenario-library.ts';
import { lockDataFile, openStore, StoreOpenError, type DataLock } from './store/index.ts';
import type { Store } from './store/types.ts';

/** How often the clock is let act while the mock runs. */
const TICK_MS = 1000;

/** After a stop signal, in-flight requests get this long to finish before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

/** The process as the CLI sees it: output streams, and a signal aborted when asked to stop. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Aborted when the process is asked to stop (its reason names the signal). */
  stop: AbortSignal;
  /** Told the base URL once the server listens (a command that starts the mock for its own use waits for it). */
  listening?(baseUrl: string): void;
}

export type ServerOutcome = { ok: true; stopped: number } | { ok: false; problems: string[] };

export async function startServer(config: Config, io: CliIo): Promise<ServerOutcome> {
  const logger = createLogger(config.logLevel, io.stderr);
  const scenarios = loadScenarioLibrary(config);
  if (!scenarios.ok) return scenarios;
  const clock = createClock();
  // One owner per data file, and the port bound before the store opens: a mock that cannot serve touches no data.
  let lock: DataLock | undefined;
  try {
    lock = config.inMemory ? undefined : await lockDataFile(config.data);
  } catch (error) {
    if (error instanceof StoreOpenError) return { ok: false, problems: [error.message] };
    throw error;
  }
  const release = async () => lock?.release().catch((error: unknown) => logger.warn(`removing the lock file failed: ${String(error)}`));
  const { headersSeconds, requestSeconds } = config.timeouts;
  let appReady: (handler: RequestListener) => void = () => undefined;
  const handlerReady = new Promise<RequestListener>((resolve) => (appReady = resolve));
  const server = createServer(
    {
      headersTimeout: headersSeconds * 1000,
      requestTimeout: requestSeconds * 1000,
      // Node looks for timed-out requests every 30 s by default: a slow client would hold its socket that long.
      connectionsCheckingInterval: Math.min(headersSeconds, requestSeconds) * 250,
    },
    // A request that arrives while the store opens waits for the app.
    (req, res) => void handlerReady.then((handler) => handler(req, res)),
  );
  const listening = await listen(server, config);
  if (!listening.ok) {
    await release();
    return listening;
  }
  const abandon = async (outcome: ServerOutcome): Promise<ServerOutcome> => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await release();
    return outcome;
  };
  if (io.stop.aborted) return abandon({ ok: true, stopped: 0 });

  logger.info(`opening the store (${config.inMemory ? 'in memory' : config.data})`);
  let store: Store;
  try {
    store = await openStore({
      ...(config.inMemory ? {} : { file: config.data, reset: config.reset }),
      now: clock.now,
      onSetAside: ({ file, reason, movedTo }) => logger.warn(`--reset: ${file} (${reason}) moved to ${movedTo.join(', ')}`),
    });
  } catch (error) {
    if (error instanceof StoreOpenError) return abandon({ ok: false, problems: [error.message] });
    throw error;
  }
  // A stop while the store opened (or set a corrupt file aside) waited for it; now it closes it.
  if (io.stop.aborted) return abandon({ ok: true, stopped: await closeStore(store, logger) });

  const deps = { config, clients: createClientRegistry(config.clients), clock, random: createSecureRandom(), store, logger };
  seedInitialData(deps);
  try {
    await store.commit();
  } catch (error) {
    await closeStore(store, logger);
    return abandon({ ok: false, problems: [`cannot write the seeded dataset: ${String(error)}`] });
  }
  const app = await createApp(deps, { scenarios: scenarios.library });
  if (io.stop.aborted) return abandon({ ok: true, stopped: await closeStore(store, logger) });
  appReady(app.express);
  // The clock acts even when nobody calls: time steps of orders, subscription charges, webhook retries.
  const ticking = setInterval(() => void app.tick().catch((error: unknown) => logger.error(`clock tick failed: ${String(error)}`)), TICK_MS);
  ticking.unref();
  io.stop.addEventListener('abort', () => clearInterval(ticking), { once: true });
  // With --port 0 the real port is known only once listening.
  announce({ ...config, port: listeningPort(server, config.port) }, io, logger);
  const outcome = await serve(server, store, io, logger);
  await release();
  return outcome;
}

/** Binds the port; EADDRINUSE and the like are a problem to report, not a crash. */
function listen(server: Server, config: Config): Promise<{ ok: true } | { ok: false; problems: string[] }> {
  return new Promise((resolve) => {
    const failed = (error: Error) => resolve({ ok: false, problems: [`cannot listen on ${config.host}:${config.port}: ${error.message}`] });
    server.once('error', failed);
    server.listen(config.port, config.host, () => {
      server.off('error', failed);
      resolve({ ok: true });
    });
  });
}

/** The built-in scenarios and the user's, checked before anything starts; an unknown active name is refused too. */
function loadScenarioLibrary(config: Config): { ok: true; library: ScenarioLibrary } | { ok: false; problems: string[] } {
  const loaded = loadScenarios(config.scenariosDir);
  if (loaded.problems.length > 0) return { ok: false, problems: loaded.problems.map(formatProblem) };
  const library = scenarioLibrary(loaded.scenarios);
  const wanted = [
    ...(config.scenario ? [{ name: config.scenario, where: '--scenario' }] : []),
    ...config.clients.flatMap((client) => (client.scenario ? [{ name: client.scenario, where: `clients[${client.clientId}].scenario` }] : [])),
  ];
  const unknown = wanted.filter(({ name }) => !library.get(name));
  if (unknown.length > 0) {
    const known = library.list().map((scenario) => scenario.name).join(', ');
    return { ok: false, problems: unknown.map(({ name, where }) => `${where}: unknown scenario "${name}" (known: ${known})`) };
  }
  return { ok: true, library };
}

function serve(server: Server, store: Store, io: CliIo, logger: Logger): Promise<ServerOutcome> {
  const inFlight = new Set<ServerResponse>();
  server.on('request', (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  return new Promise((resolve) => {
    const stop = () => {
      logger.info(`${String(io.stop.reason ?? 'stop')}: finishing in-flight requests`);
      // In-flight and late requests are answered, but their connections are not kept alive.
      const closeAfter = (res: ServerResponse) => {
        if (!res.headersSent) res.setHeader('Connection', 'close');
      };
      inFlight.forEach(closeAfter);
      server.prependListener('request', (_req, res: ServerResponse) => closeAfter(res));
      server.close(() => void closeStore(store, logger).then((code) => resolve({ ok: true, stopped: code })));
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    };
    if (io.stop.aborted) stop();
    else io.stop.addEventListener('abort', stop, { once: true });
  });
}

/** Flushes and closes the store: 0, or 1 when the last write fails. */
async function closeStore(store: Store, logger: Logger): Promise<number> {
  try {
    await store.close();
    return 0;
  } catch (error) {
    logger.error(`flushing the store failed: ${String(error)}`);
    return 1;
  }
}

function listeningPort(server: Server, fallback: number): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : fallback;
}

function announce(config: Config, io: CliIo, logger: Logger): void {
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const base = `http://${host}:${config.port}`;
  const adminLocked = !isLoopback(config.host);
  const lines = [
    `commerce-mock listening on ${base}`,
    `  API (canonical)  ${base}/v1`,
    `  API (aliases)    ${base}/api/v1  ${base}/api`,
    `  admin            ${base}/__admin${adminLocked ? (config.adminToken ? '  (needs the --admin-token bearer)' : '  (locked: set --admin-token)') : ''}`,
    `  console          ${base}/__admin/ui`,
    `  docs             ${base}/docs`,
    `  store            ${config.inMemory ? 'in memory' : config.data}`,
    ...(config.scenario ? [`  scenario         ${config.scenario} (global)`] : []),
    ...config.clients.map(
      (client) =>
        `  credentials      client_id=${client.clientId} client_secret=${client.clientSecret}${client.active ? '' : '  (deactivated: CLIENT_INATIVO)'}`,
    ),
  ];
  io.stdout(`${lines.join('\n')}\n`);
  io.listening?.(base);
  logger.debug(`config: ${JSON.stringify({ ...config, clients: config.clients.length })}`);
}
