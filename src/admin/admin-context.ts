/** What the admin API acts on: the app's parts, handed over by `server/create-app.ts`. */
import type { AppDeps } from '../deps/deps.ts';
import type { Flows } from '../handlers/flows.ts';
import type { ArmedOutcomes } from '../armed/armed-outcomes.ts';
import type { NetworkProfiles } from '../armed/network-profiles.ts';
import type { NetworkProfileLibrary } from '../armed/network-profile-library.ts';
import type { RateLimiter } from '../rate-limit/rate-windows.ts';
import type { RequestJournal } from '../state/request-journal.ts';
import type { StatusCauses } from '../state/status-causes.ts';
import type { ScenarioEngine } from '../scenarios/scenario-engine.ts';
import type { Webhooks } from '../webhooks/webhook-types.ts';
import type { MockState } from '../state/mock-state.ts';
import type { Snapshots } from '../state/snapshots.ts';
import type { EventBus } from '../store/event-bus.ts';
import type { ApplyChange } from '../store/apply-change.ts';
import type { Coverage } from '../coverage/coverage-recorder.ts';
import type { WorldParts } from '../world/activate-world.ts';
import type { Worlds } from '../deps/world.ts';

export interface AdminContext {
  deps: AppDeps;
  flows: Flows;
  /** The outcomes each client armed for its next moves (src/armed/). */
  armed: ArmedOutcomes;
  /** The network profile applied to each client (src/armed/network-profiles.ts), and those that can be applied. */
  networkProfiles: NetworkProfiles;
  profileLibrary: NetworkProfileLibrary;
  scenarios: ScenarioEngine;
  journal: RequestJournal;
  /** Why each order moved (state/status-causes.ts): its story reads it. */
  statusCauses: StatusCauses;
  limiter: RateLimiter;
  state: MockState;
  snapshots: Snapshots;
  webhooks: Webhooks;
  /** Lets the clock act (see App.tick). */
  tick(): Promise<void>;
  /** Monotonic milliseconds (clock.ts monotonicMs) when the app was created: the health check's uptime. */
  startedMs: number;
  /** The domain events, once durable (a run until idle counts what it made). */
  events: EventBus;
  /** Makes a flow's change durable and publishes its events (store/apply-change.ts). */
  apply: ApplyChange;
  /** Pact's provider-state change protocol, served for any verifier (the catalogue lives in provider-states/). */
  providerStates: ProviderStateChanges;
  /** Each client's outcome coverage (coverage/). */
  coverage: Coverage;
  /** What a client's world is made of, for `activateWorld` (world/activate-world.ts). */
  worldParts: WorldParts;
  /** A client's world (world/worlds.ts), resolved at the admin boundary for the client an operation names. */
  worlds: Worlds;
  /** The MCP server (mcp/): its tools call the admin API in process, as the request that carried the message. */
  mcp: McpEndpoint;
}

/** Who sent an MCP message: their `Authorization` (the admin token, carried to the tools' admin calls) and address. */
export interface McpCaller {
  authorization: string | undefined;
  ip: string;
  baseUrl: string;
}

/** The MCP server's answer to one JSON-RPC message: 200 with its response, 202 with none, 400 with a JSON-RPC error. */
export interface McpAnswer {
  status: 200 | 202 | 400;
  body?: unknown;
}

export interface McpEndpoint {
  answer(message: unknown, caller: McpCaller): Promise<McpAnswer>;
}

export interface ProviderStateChange {
  state?: string;
  params?: Record<string, unknown>;
  action?: 'setup' | 'teardown';
}

/** The verifying client a request named cannot verify: no such client, or its secret is not known to this process. */
export type VerifyingClientRefused = { ok: false; refused: 'unknown' | 'secret_not_kept'; clientId: string };

export type ProviderStateAnswer =
  | { ok: true; values: Record<string, string> }
  | { ok: false; unknown: string; known: readonly string[] }
  | { ok: false; failed: string; message: string }
  | VerifyingClientRefused;

/** A webhook message as Pact's verifier asks for it: its payload, or why it cannot be produced. */
export type PactMessageAnswer =
  | { ok: true; payload: unknown; metadata: string }
  | { ok: false; unknown: string; known: readonly string[] }
  | { ok: false; failed: string; message: string }
  | VerifyingClientRefused;

/** Who asked for a state change: the verifier's IP and the base URL it reached the mock at, and what it asked reset. */
export interface StateChangeOrigin {
  baseUrl: string;
  ip: string;
  /** The caller asked for a whole reset around each session (`?reset=all`); else only the clients it concerns start afresh. */
  resetAll?: boolean;
  /** The verifying client the caller named (`?clientId=`); else the first active client of the configuration. */
  clientId?: string;
}

export interface ProviderStateChanges {
  /** Applies a change to the mock (its own API and admin API, in process), as the verifier at `at` would see it. */
  change(change: ProviderStateChange, at: StateChangeOrigin): Promise<ProviderStateAnswer>;
  /** Produces the message of a message interaction (`{description, providerStates}`) on the mock. */
  message(request: { description?: string; providerStates?: unknown }, at: StateChangeOrigin): Promise<PactMessageAnswer>;
}
