/**
 * The listening socket of the mock: listen (a refusal is a value naming the address), stop gracefully, and the
 * origin a client on this machine reaches it at. Only start-server.ts uses it.
 */
import type { Server, ServerResponse } from 'node:http';
import type { Logger } from '../platform/log.ts';
import { releaseHeld } from '../http/held-replies.ts';

/** After a stop, in-flight requests get this long to finish before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

export function listen(server: Server, host: string, port: number): Promise<{ ok: true } | { ok: false; problems: string[] }> {
  return new Promise((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => resolve({ ok: false, problems: [listenProblem(error, host, port)] }));
    server.once('listening', () => resolve({ ok: true }));
    server.listen(port, host);
  });
}

/** Why the port cannot be had, and the next step when it is taken: another port, or the mock already there. */
function listenProblem(error: NodeJS.ErrnoException, host: string, port: number): string {
  const where = `cannot listen on ${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (error.code === 'EADDRINUSE') {
    return `${where}: the port is in use (EADDRINUSE). Is a mock already running there? Its health: ${reachableOrigin(host, port)}/__admin/health. Or choose another port: --port ${port === 65_535 ? port - 1 : port + 1}, or --port 0 for any free one`;
  }
  if (error.code === 'EACCES') return `${where}: not allowed (ports below 1024 need privileges): choose another port, e.g. --port 4010, or --port 0 for any free one`;
  if (error.code === 'EADDRNOTAVAIL') return `${where}: ${host} is not an address of this machine (--host 127.0.0.1 for this machine only, 0.0.0.0 for every interface)`;
  return `${where}: ${error.message}`;
}

/**
 * How the server stops: requests in flight and late ones are answered, but their connections are not kept alive;
 * after a grace period they are cut. An answer held on purpose is not waited for: its connection is closed at once.
 */
export function stopsGracefully(server: Server, logger: Logger): (reason: string) => Promise<void> {
  const inFlight = new Set<ServerResponse>();
  // One listener shared by every response (a response closes once): no closure or once-wrapper made per request.
  function finished(this: ServerResponse): void {
    inFlight.delete(this);
  }
  server.on('request', (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.on('close', finished);
  });
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  return (reason) => {
    logger.info(`${reason}: finishing in-flight requests`);
    inFlight.forEach(closeAfter);
    // An answer held on purpose (an armed network.timeout) would keep the stop waiting: its connection is closed now.
    inFlight.forEach(releaseHeld);
    server.prependListener('request', (_req, res: ServerResponse) => closeAfter(res));
    return new Promise((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    });
  };
}

/** The origin a client on this machine uses: a wildcard bind address is reached through loopback. */
export function reachableOrigin(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

export function listeningPort(server: Server, fallback: number): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : fallback;
}

