/**
 * Verifies pacts against a provider: each interaction is classified first (an unknown provider state, or one
 * only a mock can be put in while the provider is a real service, makes it not verifiable), the rest go to the
 * Pact verifier — HTTP interactions to the provider with this module's provider-state endpoint, webhook messages
 * to the message producer (message-producer.ts: the payloads the mock really sends) — and its JSON results become
 * the drift report.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClock } from '../platform/clock.ts';
import { driftReport, type DriftReport, type InteractionReport } from './drift-report.ts';
import { startVerifierProcess, type VerifierProcess } from './verifier-process.ts';
import type { Pact } from '../conformance/pact-file.ts';
import { printable } from '../platform/printable.ts';
import { fixtureOfStates, isWebhookMessage, startMessageProducer } from './message-producer.ts';
import { isHttp, rawPact, statesOf, type RawInteraction, type RawPact } from '../provider-states/pact-raw.ts';
import { connectProvider, type ProviderApi, type ProviderTarget } from '../provider-states/provider-api.ts';
import { needsMock, resolveState } from '../provider-states/provider-states.ts';
import { startStateServer, type StateServer } from '../provider-states/state-server.ts';
import { stateSessions } from '../provider-states/state-session.ts';
import { saveTargetState } from './target-state.ts';

export interface VerifyOptions {
  /** Pact files read as pacts (pact-file.ts). */
  pacts: Pact[];
  target: ProviderTarget;
  /** Aborted to stop the run: the target is given its state back and `VerifyStopped` is thrown. */
  stop?: AbortSignal;
  /** False for a mock started for the run alone: nothing of it is worth keeping. */
  keepTargetState?: boolean;
  /** Told what Pact's verifier printed, once the run ends (`verify --verbose` shows it). */
  onVerifierOutput?(output: string): void;
}


/** The run was stopped (SIGINT, SIGTERM) before it finished; the target has its state back. */
export class VerifyStopped extends Error {
  constructor(readonly reason: string) {
    super(`verify stopped: ${reason}`);
  }
}

export async function verifyPacts(options: VerifyOptions): Promise<DriftReport> {
  const pacts = options.pacts.map((pact) => ({ file: pact.file, document: rawPact(pact.json) }));
  const api = await connectProvider(options.target);
  // A mock is reset around every interaction: its state is saved first (target-state.ts) and brought back after the run.
  const saved = api.hasAdmin && options.keepTargetState !== false ? await saveTargetState(api, options.target.baseUrl) : undefined;
  const stateServer = await startStateServer(stateSessions(api));
  const producer = api.hasAdmin ? await startMessageProducer(api) : undefined;
  const routes = {
    http: {
      options: { providerBaseUrl: options.target.baseUrl, providerStatesSetupUrl: stateServer.url },
      problemsOf: (report: InteractionReport) => stateProblemsOf(stateServer, report),
    },
    // The messages' states are the producer's business: the verifier is given no state URL for them.
    messages: {
      options: { providerBaseUrl: producer?.url ?? '', transports: [{ protocol: 'message', port: producer?.port ?? 0, path: '/', scheme: 'http' }] },
      problemsOf: (report: InteractionReport) => [producer?.problems.get(report.description)].filter((problem) => problem !== undefined),
    },
  };
  const work = mkdtempSync(join(tmpdir(), 'commerce-mock-verify-'));
  const verifier = startVerifierProcess(options.stop);
  const stopped = new Promise<never>((_, reject) => {
    const stop = () => reject(new VerifyStopped(String(options.stop?.reason ?? 'stopped')));
    if (options.stop?.aborted) stop();
    else options.stop?.addEventListener('abort', stop, { once: true });
  });
  stopped.catch(() => undefined);
  try {
    const interactions: InteractionReport[] = [];
    for (const [index, pact] of pacts.entries()) {
      const verified = verifyOne(pact, join(work, `${index}`), api, routes, verifier);
      interactions.push(...(await Promise.race([verified, stopped])));
    }
    const kind = api.hasAdmin ? 'mock' : 'real service';
    return driftReport({ baseUrl: options.target.baseUrl, kind }, interactions, createClock().now());
  } finally {
    const printed = await verifier.close();
    options.onVerifierOutput?.(printed);
    await stateServer.close();
    await producer?.close();
    rmSync(work, { recursive: true, force: true });
    if (saved) await saved.restore();
  }
}

/** Where the verifier sends a group of interactions, and who explains a failure it reports. */
interface VerifierRoute {
  options: RunOptions;
  problemsOf(report: InteractionReport): string[];
}

async function verifyOne(
  pact: { file: string; document: RawPact },
  copy: string,
  api: ProviderApi,
  routes: { http: VerifierRoute; messages: VerifierRoute },
  verifier: VerifierProcess,
): Promise<InteractionReport[]> {
  const { document } = pact;
  const reports = document.interactions.map((interaction) => ({
    interaction,
    report: {
      pact: pact.file,
      consumer: document.consumer.name,
      description: interaction.description,
      states: statesOf(interaction).map((state) => state.name),
      // Until the verifier says otherwise: an interaction it gives no result for is not called verified.
      verdict: 'failed',
      details: whyNotVerifiable(interaction, api),
    } as InteractionReport,
  }));
  for (const { report } of reports) if (report.details.length > 0) report.verdict = 'not verifiable';
  const verifiable = reports.filter(({ report }) => report.verdict === 'failed');
  for (const { report } of verifiable) report.details = ['the Pact verifier gave no result for this interaction'];
  // HTTP interactions go to the provider, webhook messages to the message producer: one verifier run each.
  const groups = [
    { route: routes.http, members: verifiable.filter(({ interaction }) => isHttp(interaction)) },
    { route: routes.messages, members: verifiable.filter(({ interaction }) => isWebhookMessage(interaction)) },
  ];
  for (const [index, { route, members }] of groups.entries()) {
    if (members.length > 0) await verifyGroup(document, members, `${copy}.${index}.json`, route, verifier);
  }
  return reports.map(({ report }) => report);
}

async function verifyGroup(
  document: RawPact,
  members: Array<{ interaction: RawInteraction; report: InteractionReport }>,
  copy: string,
  route: VerifierRoute,
  verifier: VerifierProcess,
): Promise<void> {
  // The verifier prints names and descriptions to the terminal itself: it is given them printable.
  const consumer = { ...document.consumer, name: printable(document.consumer.name) };
  const provider = { ...document.provider, name: printable(document.provider.name) };
  const interactions = members.map(({ interaction }) => ({ ...interaction, description: printable(interaction.description) }));
  writeFileSync(copy, JSON.stringify({ ...document, consumer, provider, interactions }));
  const results = await runVerifier(copy, provider.name, route.options, verifier);
  const pending = new Map<string, InteractionReport[]>();
  for (const { report } of members) {
    const shown = printable(report.description);
    pending.set(shown, [...(pending.get(shown) ?? []), report]);
  }
  for (const result of results.interactionResults ?? []) {
    const report = pending.get(result.description)?.shift();
    if (!report) continue;
    report.verdict = result.result === 'OK' ? 'verified' : 'failed';
    report.details = result.result === 'OK' ? [] : [...route.problemsOf(report), ...differencesOf(results, report)];
  }
}

function whyNotVerifiable(interaction: RawInteraction, api: ProviderApi): string[] {
  if (isWebhookMessage(interaction)) {
    const found = fixtureOfStates(statesOf(interaction));
    if ('problem' in found) return [found.problem];
    return api.hasAdmin ? [] : ['a webhook message is triggered through the admin API: only a commerce-mock can send it'];
  }
  if (!isHttp(interaction)) return [`a ${interaction.type ?? 'non-HTTP'} interaction: only HTTP interactions and webhook messages are verified`];
  return statesOf(interaction).flatMap((state) => {
    const resolved = resolveState(state.name, state.params);
    if (!resolved) return [`provider state "${state.name}" is not in the catalogue`];
    if (!api.hasAdmin && needsMock(resolved.state, resolved.params)) {
      return [`provider state "${state.name}" cannot be made on a real service (it needs the mock's admin API)`];
    }
    return [];
  });
}

interface VerifierResults {
  errors?: Array<{ interaction: string; mismatch: { mismatches?: Array<{ mismatch?: string; path?: string }>; message?: string } }>;
  interactionResults?: Array<{ description: string; result: string }>;
}

interface RunOptions {
  providerBaseUrl: string;
  providerStatesSetupUrl?: string;
  transports?: Array<{ protocol: string; port: number; path: string; scheme: string }>;
}

async function runVerifier(pactUrl: string, provider: string, options: RunOptions, verifier: VerifierProcess): Promise<VerifierResults> {
  const json = await verifier.verify({
      ...options,
      provider,
      pactUrls: [pactUrl],
      providerStatesSetupTeardown: options.providerStatesSetupUrl !== undefined,
      // A state setup may wait for a real service's rate window to turn (up to a minute).
      timeout: 90_000,
      logLevel: 'error',
  });
  try {
    return JSON.parse(json) as VerifierResults;
  } catch {
    throw new Error(`the Pact verifier could not run: ${json}`);
  }
}

function differencesOf(results: VerifierResults, report: InteractionReport): string[] {
  const errors = (results.errors ?? []).filter((error) => error.interaction.endsWith(` - ${printable(report.description)}`));
  return errors.flatMap((error) =>
    error.mismatch.mismatches?.map((mismatch) => [mismatch.path, mismatch.mismatch].filter(Boolean).join(': ')) ?? [error.mismatch.message ?? 'failed'],
  );
}

/** Each state problem is taken once, by the first failed interaction (in run order) that has its state. */
function stateProblemsOf(stateServer: StateServer, report: InteractionReport): string[] {
  return report.states.flatMap((state) => {
    const index = stateServer.problems.findIndex((problem) => problem.state === state);
    return index < 0 ? [] : stateServer.problems.splice(index, 1).map((problem) => problem.message);
  });
}
