/** An outcome of the gateway an integration can meet, and what the mock records of each client's meetings. */

export interface Outcome {
  /** Stable: reports, `--require` files and CI gates name it (`auth.token.expired`, `orders.create.201`). */
  id: string;
  /** The id's first segment (`auth`, `orders`, `payer`): how reports, the console and `--require` group them. */
  group: string;
  /** One line: what the integration receives. */
  description: string;
  /** How to make the mock answer it: a request, a scenario, a magic number or an admin call. */
  provoke: string;
  /** What the mock must see the integration do afterwards to count it as handled; absent: no such rule. */
  handledRule?: string;
}

export type CoverageStatus = 'handled' | 'met' | 'not-met';

/** One outcome as a client's coverage shows it. */
export interface OutcomeCoverage extends Outcome {
  status: CoverageStatus;
  /** First met, on the client's clock (ISO 8601). */
  metAt?: string;
  handledAt?: string;
  /** Why the client's move after it did not handle it, when that is what it did last (a duplicate order placed). */
  notHandled?: string;
  /** Whether the admin API arms it for the client's next move (set by `GET /__admin/coverage`; docs/arming.md). */
  armable?: boolean;
}

export interface CoverageReport {
  clientId: string;
  /** When the report was read, on the client's clock. */
  at: string;
  counts: { total: number; met: number; handled: number; notMet: number };
  outcomes: OutcomeCoverage[];
}
