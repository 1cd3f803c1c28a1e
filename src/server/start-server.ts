/**
 * `commerce-mock start` and `startMock`: config → lock the data file → listen → store → seeded data → createApp →
 * serve, until stopped. The only module that opens sockets (through listening-server.ts). A stop at any moment of
 * start-up ends in an orderly exit 0.
 */
import type { Readable, Writable } from 'node:stream';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createApp, type AppOptions } from './create-app.ts';
import { createClientRegistry } from '../clients/client-registry.ts';
import { createClock } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import type { AppDeps } from '../deps/deps.ts';
import { seedInitialData } from '../fake/seed-initial-data.ts';
import { changeApplier } from '../store/apply-change.ts';
import { listen, listeningPort, reachableOrigin, stopsGracefully } from './listening-server.ts';
import { answerClientError } from './malformed-request.ts';
import { startBanner } from './start-banner.ts';
import { readStartState } from './start-state.ts';
import { createLogger, type Logger } from '../platform/log.ts';
import { createSecureRandom } from '../platform/random.ts';
import { loadScenarioLibrary, type ScenarioLibrary } from '../scenarios/scenario-library.ts';
import { loadProfileLibrary } from '../armed/network-profile-library.ts';
import { lockDataFile, openStore, StoreOpenError, type DataLock } from '../store/index.ts';
import type { SetAsideEvent, Store } from '../store/store-types.ts';
import { tokenRetention } from '../tokens/retention.ts';
import { clientClock } from '../world/worlds.ts';
import { startOtelTracing } from '../tracing/otel-tracing.ts';
import { packageVersion } from '../platform/package-files.ts';

/** How often the clock is let act while the mock runs. */
const TICK_MS = 1000;
/** How long a stop waits for the spans still queued to reach the collector. */
const TRACING_FLUSH_MS = 2000;

/** The process as the CLI sees it: output streams, and a signal aborted when asked to stop. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Aborted when the process is asked to stop (its reason names the signal). */
  stop: AbortSignal;
  /** Told the base URL once the server listens (a command that starts the mock for its own use waits for it). */
  listening?(baseUrl: string): void;
  /**
   * An HTTP server already listening on a port the OS gave it, served instead of binding `--host` and `--port`, and
   * closed when the command ends: its caller knows the port before the command starts, and nothing else can take it
   * in between (a test of a proxy whose target is itself). `proxy` takes one; bin/ never passes one.
   */
  server?: Server;
  /** Which output streams are terminals (bin/ tells); runCli turns it into `colour` with NO_COLOR and FORCE_COLOR. */
  tty?: { stdout: boolean; stderr: boolean };
  /** Whether each stream may hold colour escapes (src/platform/colour.ts); none when absent. */
  colour?: { stdout: boolean; stderr: boolean };
  /** The process's standard input and output as streams, for a command that speaks a protocol over them (`mcp`). */
  stdio?: { input: Readable; output: Writable };
}

export type ServerOutcome = { ok: true; stopped: number } | { ok: false; problems: string[] };

/** A mock that listens: where to reach it, and how to stop it. */
export interface RunningServer {
  /** The origin a client on this machine reaches it at, e.g. `http://127.0.0.1:4010`. */
  url: string;
  port: number;
  /**
   * Finishes the requests in flight, closes the server, then flushes and closes the store: 0, or 1 when the last
   * write failed. Calling it again returns the same promise.
   */
  stop(reason?: string): Promise<number>;
}

/** Listening, refused with problems, or asked to stop (`io.stop`) before it listened. */
export type LaunchOutcome = { ok: true; running: RunningServer } | ServerOutcome;

/**
 * What an embedder adds: observers of every exchange, listeners of domain events, routers it built already (they
 * hold no state of a mock: several mocks in one process share them), and how problems name the scenario option.
 */
export interface LaunchExtras extends Pick<AppDeps, 'observers' | 'listeners'>, Pick<AppOptions, 'router' | 'adminRouter'> {
  /** Default `--scenario`, as the command line names it. */
  scenarioOption?: string;
}

/** The CLI's start: launch, then serve until `io.stop` is aborted. */
export async function startServer(config: Config, io: CliIo): Promise<ServerOutcome> {
  const launched = await launchServer(config, io);
  if (!('running' in launched)) return launched;
  await new Promise((resolve) => (io.stop.aborted ? resolve(undefined) : io.stop.addEventListener('abort', resolve, { once: true })));
  return { ok: true, stopped: await launched.running.stop(String(io.stop.reason ?? 'stop')) };
}

/**
 * The one start path (the CLI's and `startMock`'s): config → lock → listen → store → seeded data → createApp. Resolves
 * once the server listens; `io.stop` aborted before that ends the start in order instead.
 */
export async function launchServer(config: Config, io: CliIo, extras: LaunchExtras = {}): Promise<LaunchOutcome> {
  const logger = createLogger(config.logLevel, io.stderr, { format: config.logFormat, colour: io.colour?.stderr === true });
  const { scenarioOption = '--scenario', router, adminRouter, ...additions } = extras;
  const scenarios = checkedScenarioLibrary(config, scenarioOption);
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
  const release = async () => {
    await lock?.release().catch((error: unknown) => logger.warn(`removing the lock file failed: ${String(error)}`));
  };
  const { headersSeconds, requestSeconds } = config.timeouts;
  let appReady: (handler: RequestListener) => void = () => undefined;
  const handlerReady = new Promise<RequestListener>((resolve) => (appReady = resolve));
  // Once the app is made, requests go straight to it: no promise and no turn of the event loop per request.
  let ready: RequestListener | undefined;
  const server = createServer(
    {
      headersTimeout: headersSeconds * 1000,
      requestTimeout: requestSeconds * 1000,
      // Node looks for timed-out requests every 30 s by default: a slow client would hold its socket that long.
      connectionsCheckingInterval: Math.min(headersSeconds, requestSeconds) * 250,
    },
    // A request that arrives while the store opens waits for the app.
    (req, res) => (ready ? ready(req, res) : void handlerReady.then((handler) => handler(req, res))),
  );
  const random = createSecureRandom();
  server.on('clientError', answerClientError(random));
  const closeServer = stopsGracefully(server, logger);
  const listened = await listen(server, config.host, config.port);
  if (!listened.ok) {
    await release();
    return listened;
  }
  /** Ends a start that will not serve: the socket closed, the store (when open) flushed, the lock released. */
  const abandon = async (store?: Store): Promise<number> => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    const code = store ? await closeStore(store, logger) : 0;
    await release();
    return code;
  };
  if (io.stop.aborted) return { ok: true, stopped: await abandon() };

  logger.info(`opening the store (${config.inMemory ? 'in memory' : config.data})`);
  let store: Store;
  const setAside: SetAsideEvent[] = [];
  let restored = false;
  try {
    store = await openStore({
      ...(config.inMemory ? {} : { file: config.data, reset: config.reset, setAsideUnreadable: config.setAsideUnreadable }),
      now: clock.now,
      prune: tokenRetention((clientId) => clientClock(clock, clientId).nowMs()),
      onSetAside: (event) => {
        setAside.push(event);
        const moved = event.movedTo.join(', ') || 'nothing (no data file yet)';
        if (event.cause === 'reset') logger.info(`--reset: moved ${moved}`);
        else logger.warn(`--set-aside-unreadable: ${event.file} (${event.reason ?? 'unreadable'}) moved to ${moved}`);
      },
      onLoad: ({ found }) => (restored = found),
    });
  } catch (error) {
    await abandon();
    if (error instanceof StoreOpenError) return { ok: false, problems: [error.message] };
    throw error;
  }
  // A stop while the store opened (or set a corrupt file aside) waited for it; now it closes it.
  if (io.stop.aborted) return { ok: true, stopped: await abandon(store) };

  const deps = { config, clients: createClientRegistry(config.clients), clock, random, store, logger, ...additions };
  try {
    // Before the app exists: no listener to tell, the seeded records only made durable.
    await changeApplier(store)({ written: seedInitialData(deps) });
  } catch (error) {
    await abandon(store);
    return { ok: false, problems: [`cannot write the seeded dataset: ${String(error)}`] };
  }
  // Tracing on: the OpenTelemetry SDK loaded now, and only now (docs/tracing.md).
  const tracing = config.tracing && config.tracing.exporter !== 'none' ? await startOtelTracing(config.tracing, logger, packageVersion()) : undefined;
  const app = await createApp(deps, { scenarios: scenarios.library, router, adminRouter, ...(tracing && { tracing }) });
  if (io.stop.aborted) return { ok: true, stopped: await abandon(store) };
  ready = app.listener;
  appReady(app.listener);
  // The clock acts even when nobody calls: time steps of orders, subscription charges, webhook retries.
  const ticking = setInterval(() => void app.tick().catch((error: unknown) => logger.error(`clock tick failed: ${String(error)}`)), TICK_MS);
  ticking.unref();
  const port = listeningPort(server, config.port);
  let stopping: Promise<number> | undefined;
  const stop = (reason = 'stop') =>
    (stopping ??= (async () => {
      clearInterval(ticking);
      await closeServer(reason);
      await tracing?.shutdown(TRACING_FLUSH_MS);
      const code = await closeStore(store, logger);
      await release();
      return code;
    })());
  const running: RunningServer = { url: reachableOrigin(config.host, port), port, stop };
  if (io.stop.aborted) return { ok: true, stopped: await running.stop(String(io.stop.reason ?? 'stop')) };
  // With --port 0 the real port is known only once listening. `--log-level silent` prints nothing at all: the banner
  // is for people, a program is told by `listening`.
  if (config.logLevel !== 'silent') {
    const state = readStartState({ ...deps, scenarios: app.scenarios, webhooks: app.webhooks }, setAside, restored);
    io.stdout(startBanner({ ...config, port }, state));
  }
  io.listening?.(running.url);
  logger.debug(`config: ${JSON.stringify(loggableConfig(config))}`);
  return { ok: true, running };
}

/** The built-in scenarios and the user's, checked before anything starts; an unknown active name is refused too. */
function checkedScenarioLibrary(config: Config, scenarioOption: string): { ok: true; library: ScenarioLibrary } | { ok: false; problems: string[] } {
  const loaded = loadScenarioLibrary(config.scenariosDir);
  if (!loaded.ok) return loaded;
  const profiles = loadProfileLibrary(config.scenariosDir);
  if (!profiles.ok) return profiles;
  const { library } = loaded;
  const wanted = [
    ...(config.scenario ? [{ name: config.scenario, where: scenarioOption }] : []),
    ...config.clients.flatMap((client) => (client.scenario ? [{ name: client.scenario, where: `clients[${client.clientId}].scenario` }] : [])),
  ];
  const unknown = wanted.filter(({ name }) => !library.get(name));
  if (unknown.length > 0) {
    const known = library.list().map((scenario) => scenario.name).join(', ');
    return { ok: false, problems: unknown.map(({ name, where }) => `${where}: unknown scenario "${name}" (known: ${known})`) };
  }
  return { ok: true, library };
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

/** The configuration as the debug log shows it: the admin token redacted, clients (and their secrets) counted. */
export function loggableConfig(config: Config): Record<string, unknown> {
  return { ...config, clients: config.clients.length, ...(config.adminToken === undefined ? {} : { adminToken: '[redacted]' }) };
}
