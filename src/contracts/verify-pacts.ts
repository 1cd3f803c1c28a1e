/**
 * Verifies pacts against a provider: each interaction is classified first (an unknown provider state, or one
 * only a mock can be put in while the provider is a real service, makes it not verifiable), the rest go to the
 * Pact verifier with this module's provider-state endpoint, and its JSON results become the drift report.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClock } from '../platform/clock.ts';
import { driftReport, type DriftReport, type InteractionReport } from './drift-report.ts';
import type { Pact } from './pact-file.ts';
import { printable } from './printable.ts';
import { isHttp, rawPact, statesOf, type RawInteraction, type RawPact } from './pact-raw.ts';
import { connectProvider, type ProviderApi, type ProviderTarget } from './provider-api.ts';
import { needsMock, resolveState } from './provider-states.ts';
import { startStateServer, type StateServer } from './state-server.ts';
import { stateSessions } from './state-session.ts';
import { saveTargetState } from './target-state.ts';

export interface VerifyOptions {
  /** Pact files read as pacts (pact-file.ts). */
  pacts: Pact[];
  target: ProviderTarget;
  /** Aborted to stop the run: the target is given its state back and `VerifyStopped` is thrown. */
  stop?: AbortSignal;
  /** False for a mock started for the run alone: nothing of it is worth keeping. */
  keepTargetState?: boolean;
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
  const work = mkdtempSync(join(tmpdir(), 'commerce-mock-verify-'));
  const stopped = new Promise<never>((_, reject) => {
    const stop = () => reject(new VerifyStopped(String(options.stop?.reason ?? 'stopped')));
    if (options.stop?.aborted) stop();
    else options.stop?.addEventListener('abort', stop, { once: true });
  });
  stopped.catch(() => undefined);
  try {
    const interactions: InteractionReport[] = [];
    for (const [index, pact] of pacts.entries()) {
      const verified = verifyOne(pact, join(work, `${index}.json`), api, options.target.baseUrl, stateServer);
      interactions.push(...(await Promise.race([verified, stopped])));
    }
    const kind = api.hasAdmin ? 'mock' : 'real service';
    return driftReport({ baseUrl: options.target.baseUrl, kind }, interactions, createClock().now());
  } finally {
    await stateServer.close();
    rmSync(work, { recursive: true, force: true });
    if (saved) await saved.restore();
  }
}

async function verifyOne(pact: { file: string; document: RawPact }, copy: string, api: ProviderApi, baseUrl: string, stateServer: StateServer): Promise<InteractionReport[]> {
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
  if (verifiable.length === 0) return reports.map(({ report }) => report);

  // The verifier prints names and descriptions to the terminal itself: it is given them printable.
  const consumer = { ...document.consumer, name: printable(document.consumer.name) };
  const provider = { ...document.provider, name: printable(document.provider.name) };
  const interactions = verifiable.map(({ interaction }) => ({ ...interaction, description: printable(interaction.description) }));
  writeFileSync(copy, JSON.stringify({ ...document, consumer, provider, interactions }));
  const results = await runVerifier(copy, baseUrl, provider.name, stateServer.url);
  const pending = new Map<string, InteractionReport[]>();
  for (const { report } of verifiable) {
    const shown = printable(report.description);
    pending.set(shown, [...(pending.get(shown) ?? []), report]);
  }
  for (const result of results.interactionResults ?? []) {
    const report = pending.get(result.description)?.shift();
    if (!report) continue;
    report.verdict = result.result === 'OK' ? 'verified' : 'failed';
    report.details = result.result === 'OK' ? [] : differencesOf(results, report, stateServer);
  }
  return reports.map(({ report }) => report);
}

function whyNotVerifiable(interaction: RawInteraction, api: ProviderApi): string[] {
  if (!isHttp(interaction)) return [`a ${interaction.type ?? 'non-HTTP'} interaction: only HTTP interactions are verified`];
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

async function runVerifier(pactUrl: string, providerBaseUrl: string, provider: string, stateUrl: string): Promise<VerifierResults> {
  // Loaded on use: the verifier's native library costs about 90 ms, which `commerce-mock start` need not pay.
  const pactCore = (await import('@pact-foundation/pact-core')).default.default;
  pactCore.logLevel('error');
  let json: string;
  try {
    json = await pactCore.verifyPacts({
      providerBaseUrl,
      provider,
      pactUrls: [pactUrl],
      providerStatesSetupUrl: stateUrl,
      providerStatesSetupTeardown: true,
      // A state setup may wait for a real service's rate window to turn (up to a minute).
      timeout: 90_000,
      logLevel: 'error',
    });
  } catch (error) {
    json = error instanceof Error ? error.message : String(error);
  }
  try {
    return JSON.parse(json) as VerifierResults;
  } catch {
    throw new Error(`the Pact verifier could not run: ${json}`);
  }
}

function differencesOf(results: VerifierResults, report: InteractionReport, stateServer: StateServer): string[] {
  const errors = (results.errors ?? []).filter((error) => error.interaction.endsWith(` - ${printable(report.description)}`));
  const details = errors.flatMap((error) =>
    error.mismatch.mismatches?.map((mismatch) => [mismatch.path, mismatch.mismatch].filter(Boolean).join(': ')) ?? [error.mismatch.message ?? 'failed'],
  );
  // Each problem is taken once, by the first failed interaction (in run order) that has its state.
  const stateProblems = report.states.flatMap((state) => {
    const index = stateServer.problems.findIndex((problem) => problem.state === state);
    return index < 0 ? [] : stateServer.problems.splice(index, 1).map((problem) => problem.message);
  });
  return [...stateProblems, ...details];
}
