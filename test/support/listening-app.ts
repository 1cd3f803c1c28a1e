/**
 * A test app listening on 127.0.0.1 (port 0, bound by the server itself), closed after each test: for the tests that
 * need a real URL (the provider-state and message endpoints, which a verifier reaches over HTTP; a command line
 * pointed at a running mock).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

/** Registers the cleanup in the calling test file; returns what makes an app listen, answering its origin. */
export function listenersClosedAfterEach(): (t: TestApp) => Promise<string> {
  const servers: Server[] = [];
  afterEach(() => servers.splice(0).forEach((server) => server.close()));
  return async (t) => {
    const server = createServer(t.app);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
}

/** Registers the cleanup in the calling test file; returns the starter of a fresh app and its pact endpoints' base. */
export function listeningAppsClosedAfterEach(): () => Promise<{ t: TestApp; base: string }> {
  const listening = listenersClosedAfterEach();
  return async () => {
    const t = await createTestApp();
    return { t, base: `${await listening(t)}/__admin/pact` };
  };
}
