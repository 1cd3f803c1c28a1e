/**
 * `commerce-mock proxy --target URL`: a local server an integration points at instead of the real service. Each
 * exchange goes through unchanged and is judged against spec/openapi.yaml (src/proxy/); on stop (SIGINT,
 * SIGTERM) the drift report and the recording are written. `--fallback mock` and `--record` start a mock in
 * this process (in memory, on a free loopback port): the first answers for a target that does not, the second
 * gives the recorded state its clock, clients and bookkeeping.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import { Option, type Command } from 'commander';
import { withExamples } from './help-text.ts';
import { resolveConfig } from './options.ts';
import { reportFolderProblem, writeReportFolder } from './report-folder.ts';
import { byteSize, DEFAULT_MAX_JUDGED_BYTES, DEFAULT_PORT, DEFAULT_TIMEOUT_SECONDS, portNumber, targetUrl, timeoutSeconds } from './proxy-flags.ts';
import { adminTransport } from '../admin-http/admin-transport.ts';
import { createOpenApiRouter } from '../openapi/openapi-router.ts';
import { createDriftLog, renderProxyMarkdown, type ProxyReport } from '../proxy/drift-log.ts';
import { createProxyHandler, REPORT_PATH, type FallbackMock } from '../proxy/proxy-handler.ts';
import { createRecording, type Recording } from '../proxy/recording.ts';
import { selfAddressOf } from '../proxy/self-target.ts';
import { launchServer, type CliIo, type RunningServer } from '../server/start-server.ts';
import { listen, listeningPort, reachableOrigin } from '../server/listening-server.ts';

/** What `--report DIR` holds once the proxy stops (report-folder.ts). */
export const PROXY_REPORT_FILES = { json: 'proxy-report.json', markdown: 'proxy-report.md' } as const;

interface ProxyFlags {
  target: URL;
  port: number;
  host: string;
  record?: string;
  report?: string;
  fallback?: 'mock';
  timeout: number;
  maxJudgedBytes: number;
  forwardAdmin?: boolean;
}

export function defineProxyCommand(program: Command, io: CliIo, run: (command: Promise<number>) => void): void {
  const command = program
    .command('proxy')
    .description('a validating, recording proxy in front of the real service: the drift report at /__admin/proxy/report')
    .addOption(new Option('--target <url>', 'the service to forward to (e.g. its sandbox)').argParser(targetUrl).makeOptionMandatory())
    .addOption(new Option('--port <n>', 'port to listen on').argParser(portNumber).default(DEFAULT_PORT))
    .option('--host <address>', 'address to bind', '127.0.0.1')
    .option('--record <dir>', 'write the exchanges as a pact and the real answers as an importable state when stopped')
    .option('--report <dir>', `a folder to write the drift report in as ${Object.values(PROXY_REPORT_FILES).join(' and ')} when stopped (made when missing)`)
    .option('--forward-admin', "forward /__admin to the target too (a mock's admin API); refused with 403 otherwise", false)
    .addOption(new Option('--fallback <kind>', 'answer what the target does not (501, no connection, timeout) with a mock').choices(['mock']))
    .addOption(new Option('--timeout <seconds>', 'silence from the target past this is a 504 (or the fallback)').argParser(timeoutSeconds).default(DEFAULT_TIMEOUT_SECONDS))
    .addOption(
      new Option('--max-judged-bytes <size>', 'bodies up to this size (bytes, or with k, m) are judged and recorded; larger ones pass through unjudged')
        .argParser(byteSize)
        .default(DEFAULT_MAX_JUDGED_BYTES, '8m'),
    )
    .action((flags: ProxyFlags) => run(proxy(flags, io)));
  withExamples(command, 'proxy', [
    'commerce-mock proxy --target https://sandbox.example --report proxy-report',
    'commerce-mock proxy --target https://sandbox.example --record ./recorded --fallback mock',
  ]);
}

async function proxy(flags: ProxyFlags, io: CliIo): Promise<number> {
  const reportProblem = flags.report === undefined ? undefined : reportFolderProblem(flags.report, Object.values(PROXY_REPORT_FILES));
  if (reportProblem) return usage(io, reportProblem);
  // The proxy's own port is bound first, before any mock of its own starts: a port in use or a target that is the
  // proxy itself is refused at once, and that mock (on a port of the OS's choosing) can never take the port asked for.
  // A request that arrives meanwhile waits for the handler.
  let handlerReady: (handler: RequestListener) => void = () => undefined;
  const handler = new Promise<RequestListener>((resolve) => (handlerReady = resolve));
  const server = io.server ?? createServer();
  server.on('request', (req, res) => void handler.then((handle) => handle(req, res)));
  // Shown without the userinfo a URL may carry (`https://user:secret@host`): credentials are never printed.
  const shownTarget = `${flags.target.origin}${flags.target.pathname}`;
  const listening = io.server ? ({ ok: true } as const) : await listen(server, flags.host, flags.port);
  const refused = listening.ok ? await selfTargetProblem(flags.target, shownTarget, server) : listening.problems.join('; ');
  const mock = refused === undefined && (flags.fallback || flags.record) ? await startOwnMock(io) : undefined;
  if (refused !== undefined || typeof mock === 'string') {
    await new Promise((resolve) => server.close(resolve));
    return usage(io, refused ?? (mock as string));
  }
  const log = createDriftLog(shownTarget);
  const recording = flags.record ? createRecording(flags.record) : undefined;
  handlerReady(
    createProxyHandler({
      target: flags.target,
      router: await createOpenApiRouter(),
      log,
      limits: { timeoutMs: flags.timeout * 1000, judgedBytes: flags.maxJudgedBytes },
      admin: { forwardAdmin: flags.forwardAdmin === true, site: { host: io.server ? boundAddress(server, flags.host) : flags.host } },
      ...(flags.fallback && mock ? { fallback: fallbackMock(mock) } : {}),
      ...(recording ? { onExchange: (exchange, judged) => recording.saw(exchange, judged) } : {}),
      print: (line) => io.stdout(`${line}\n`),
    }),
  );
  const url = reachableOrigin(io.server ? boundAddress(server, flags.host) : flags.host, listeningPort(server, flags.port));
  const fallbackNote = flags.fallback && mock ? ` (fallback: a mock whose client is ${mock.clientId})` : '';
  io.stdout(`commerce-mock proxy on ${url} → ${shownTarget}${fallbackNote}; drift report at ${url}${REPORT_PATH}\n`);
  io.listening?.(url);
  await new Promise((resolve) => (io.stop.aborted ? resolve(undefined) : io.stop.addEventListener('abort', resolve, { once: true })));
  await new Promise((resolve) => {
    server.close(resolve);
    server.closeAllConnections();
  });
  const written = flags.report === undefined ? undefined : writeReport(flags.report, log.report());
  if (written?.ok) io.stdout(`${written.line}\n`);
  if (recording && mock) await writeRecording(recording, mock, io);
  await mock?.running.stop('proxy stopped');
  return written?.ok === false ? usage(io, written.problem) : 0;
}

async function selfTargetProblem(target: URL, shown: string, server: Server): Promise<string | undefined> {
  const address = server.address();
  if (typeof address !== 'object' || !address) return undefined;
  const self = await selfAddressOf(target, { address: address.address, port: address.port });
  return self === undefined ? undefined : `--target ${shown} is this proxy itself (${self} port ${address.port}): every request would be forwarded to the proxy again.`;
}

/** The address a server given already listening is bound to. */
function boundAddress(server: Server, fallback: string): string {
  const address = server.address();
  return typeof address === 'object' && address ? address.address : fallback;
}

interface OwnMock {
  running: RunningServer;
  clientId: string;
  clientSecret: string;
}

function fallbackMock(mock: OwnMock): FallbackMock {
  let token: Promise<string> | undefined;
  const issue = async () => {
    const answer = await fetch(`${mock.running.url}/v1/auth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: mock.clientId, client_secret: mock.clientSecret, grant_type: 'client_credentials' }),
    });
    return ((await answer.json()) as { data: { access_token: string } }).data.access_token;
  };
  return {
    url: new URL(mock.running.url),
    bearer: (fresh) => {
      if (fresh || !token) token = issue();
      return token;
    },
  };
}

async function startOwnMock(io: CliIo): Promise<OwnMock | string> {
  const resolved = resolveConfig({ port: 0, host: '127.0.0.1', inMemory: true, logLevel: 'error' }, {});
  if (!resolved.ok) return resolved.problems.join('; ');
  // Its own stop signal: the proxy stops it after writing what it needs from it.
  const launched = await launchServer(resolved.config, { stdout: () => undefined, stderr: io.stderr, stop: new AbortController().signal });
  if (!('running' in launched)) return launched.ok ? 'the mock stopped before it listened' : launched.problems.join('; ');
  const client = resolved.config.clients.find((candidate) => candidate.active) ?? resolved.config.clients[0];
  return { running: launched.running, clientId: client?.clientId ?? '', clientSecret: client?.clientSecret ?? '' };
}

async function writeRecording(recording: Recording, mock: OwnMock, io: CliIo): Promise<void> {
  const exported = (await adminTransport(mock.running.url)('exportState')) as Record<string, unknown>;
  for (const line of recording.write(exported, mock.clientId)) io.stdout(`${line}\n`);
}

function writeReport(dir: string, report: ProxyReport) {
  return writeReportFolder(dir, {
    [PROXY_REPORT_FILES.json]: `${JSON.stringify({ data: report }, null, 2)}\n`,
    [PROXY_REPORT_FILES.markdown]: renderProxyMarkdown(report),
  });
}

function usage(io: CliIo, problem: string): number {
  io.stderr(`commerce-mock proxy: ${problem}\n`);
  return 2;
}
