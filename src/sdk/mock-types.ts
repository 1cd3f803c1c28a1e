/**
 * The types a `startMock()` caller holds. Public declaration surface (dist/index.d.ts reaches it): it names only the
 * package's own types, so a consumer's typecheck needs none of our dev dependencies (test/package/public-types.test.ts).
 */
import type { ConfigInput } from '../platform/config.ts';
import type { AdminClient } from './admin-client.ts';

/** Every option of the configuration (typed from its zod schema), each optional; `dataFile` instead of `data`/`inMemory`. */
export type StartMockOptions = Omit<ConfigInput, 'data' | 'inMemory'> & {
  /** Keep state in this file (journaled, kept across starts); in memory when absent. */
  dataFile?: string;
};

export interface Mock {
  /** The origin, e.g. `http://127.0.0.1:40123`; the API is under `${url}/v1`, the admin API under `${url}/__admin`. */
  url: string;
  port: number;
  /** The default client's credentials: the first active client of `clients` (`mock-client` / `mock-secret` by default). */
  credentials: { clientId: string; clientSecret: string };
  /** A typed client of the admin API of this mock. */
  admin: AdminClient;
  /** Finishes requests in flight, closes the server and the store. Calling it again waits for the same stop. */
  stop(): Promise<void>;
}
