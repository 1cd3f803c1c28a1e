/**
 * A fresh app per test: in-memory store, frozen clock, no seeded data unless asked, and every response
 * checked against the OpenAPI document.
 */
import type { Express } from 'express';
import supertest from 'supertest';
import { createApp, type App, type AppOptions } from '../../src/server/create-app.ts';
import { createClientRegistry } from '../../src/clients/client-registry.ts';
import { createClock, type Clock } from '../../src/platform/clock.ts';
import { defaultConfig, type Config, type ConfigInput } from '../../src/platform/config.ts';
import type { DomainEvent } from '../../src/domain/events.ts';
import type { AppDeps } from '../../src/deps/deps.ts';
import type { Logger } from '../../src/platform/log.ts';
import { seedInitialData } from '../../src/fake/seed-initial-data.ts';
import { createSecureRandom } from '../../src/platform/random.ts';
import { loadScenarios, scenarioLibrary, type ScenarioLibrary } from '../../src/scenarios/scenario-library.ts';
import { scenarioSchema, type ScenarioInput } from '../../src/scenarios/scenario-schema.ts';
import { openStore } from '../../src/store/index.ts';
import type { Store } from '../../src/store/store-types.ts';
import { sharedAdminRouter, sharedRouter, validatingObserver } from './shared-router.ts';

export const FROZEN_AT = new Date('2026-03-02T10:00:00.000Z');

export interface TestApp {
  app: Express;
  /** The flows and event bus of the app. */
  core: App;
  /** Every domain event published so far, in order. */
  events: DomainEvent[];
  /** Requests to `core.listener`, as the server serves them (the API without Express). */
  http: ReturnType<typeof supertest>;
  clock: Clock;
  store: Store;
  config: Config;
  deps: AppDeps;
}

export async function createTestApp(
  config: ConfigInput = {},
  options: { store?: Store; logger?: Logger } & Omit<AppOptions, 'router'> = {},
): Promise<TestApp> {
  const router = await sharedRouter();
  const adminRouter = await sharedAdminRouter();
  const events: DomainEvent[] = [];
  const resolved = defaultConfig({ seedData: 'none', logLevel: 'silent', ...config });
  const clock = createClock({ frozenAt: FROZEN_AT });
  const store = options.store ?? (await openStore({}));
  const deps: AppDeps = {
    config: resolved,
    clients: createClientRegistry(resolved.clients),
    clock,
    random: createSecureRandom(),
    store,
    observers: [await validatingObserver()],
    listeners: [(event) => events.push(event)],
    ...(options.logger ? { logger: options.logger } : {}),
  };
  seedInitialData(deps);
  const { store: _store, logger: _logger, ...appOptions } = options;
  const core = await createApp(deps, { ...appOptions, router, adminRouter });
  return { app: core.express, core, events, http: supertest(core.listener), clock, store, config: resolved, deps };
}

/** The built-in scenarios plus the given ones (as they would be written in a file). */
export function withScenario(...extra: ScenarioInput[]): ScenarioLibrary {
  const parsed = extra.map((input) => ({ ...scenarioSchema.parse(input), name: input.name ?? 'custom', source: 'test' }));
  const names = new Set(parsed.map((scenario) => scenario.name));
  return scenarioLibrary([...loadScenarios().scenarios.filter((scenario) => !names.has(scenario.name)), ...parsed]);
}

export const CLIENT = { client_id: 'mock-client', client_secret: 'mock-secret' };

/** A fresh access token of the default client (or the given credentials). */
export async function tokenFor(t: TestApp, credentials = CLIENT): Promise<string> {
  const response = await t.http.post('/v1/auth/token').send(credentials).expect(200);
  return (response.body as { data: { access_token: string } }).data.access_token;
}

export function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}
