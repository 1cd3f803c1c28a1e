/**
 * Pact against OpenAPI: is every interaction of a contract one that spec/openapi.yaml allows? The request must
 * reach an operation and be accepted by it (or the interaction must expect the very refusal the service
 * answers: 404, 405, 400, 401), and the response must be declared for that operation with a body of its schema.
 * A contract that passes asks for nothing the service does not offer.
 */
import { createOpenApiRouter, type OpenApiRouter } from '../openapi/openapi-router.ts';
import { processCached } from '../platform/process-cache.ts';
import { messageProblems } from '../conformance/message-conformance.ts';
import { readPactFile, type Pact } from '../conformance/pact-file.ts';
import type { PactInteraction, PactResponse } from '../conformance/pact-interaction.ts';
import { requestProblems } from '../conformance/request-conformance.ts';
import { errorBodyProblems, responseProblems, type Problem, type ResponseToCheck } from '../conformance/response-conformance.ts';

export type { Problem };

export interface InteractionReport {
  description: string;
  providerStates: string[];
  operationId?: string;
  /** A webhook message: the event schema its content was checked against. */
  schema?: string;
  ok: boolean;
  problems: Problem[];
}

export interface SkippedInteraction {
  description: string;
  providerStates: string[];
  note: string;
}

export interface PactSummary {
  interactions: number;
  allowed: number;
  notAllowed: number;
  skipped: number;
}

export interface PactReport {
  file: string;
  consumer: string;
  provider: string;
  specification: number;
  /** Every HTTP interaction and webhook message is allowed, and there is at least one interaction. */
  ok: boolean;
  /** What is wrong with the pact as a whole (it has no interactions). */
  problem?: string;
  interactions: InteractionReport[];
  skipped: SkippedInteraction[];
  summary: PactSummary;
}

export type PactFileCheck = { readable: true; report: PactReport } | { readable: false; file: string; reason: string };

/** The service's router, made once per process (platform/process-cache.ts; its validators compile on first use). */
export function pactCheckRouter(): Promise<OpenApiRouter> {
  return processCached('pact-check-router', () => createOpenApiRouter());
}

/** Reads and checks one pact file; for a test: `expect(await checkPactFile(path)).toMatchObject({ report: { ok: true } })`. */
export async function checkPactFile(file: string, router?: OpenApiRouter): Promise<PactFileCheck> {
  const read = readPactFile(file);
  if (!read.ok) return { readable: false, file: read.file, reason: read.reason };
  return { readable: true, report: checkPact(router ?? (await pactCheckRouter()), read.pact) };
}

export function checkPact(router: OpenApiRouter, pact: Pact): PactReport {
  const interactions: InteractionReport[] = [];
  const skipped: SkippedInteraction[] = [];
  for (const interaction of pact.interactions) {
    const head = { description: interaction.description, providerStates: interaction.providerStates };
    if (interaction.kind === 'skipped') skipped.push({ ...head, note: interaction.note });
    // An interaction not checked is not allowed: `verify` would not verify it either.
    else if (interaction.kind === 'untyped') interactions.push({ ...head, ok: false, problems: [{ where: 'interaction.type', message: interaction.note }] });
    else if (interaction.kind === 'message') {
      const { schema, problems } = messageProblems(router.backend, interaction.content);
      interactions.push({ ...head, ...(schema ? { schema } : {}), ok: problems.length === 0, problems });
    } else interactions.push(checkInteraction(router, interaction));
  }
  const allowed = interactions.filter((report) => report.ok).length;
  // A pact with no interaction allows nothing: it is an error, not a pass.
  const empty = pact.interactions.length === 0;
  return {
    file: pact.file,
    consumer: pact.consumer,
    provider: pact.provider,
    specification: pact.specification,
    ok: !empty && allowed === interactions.length,
    ...(empty ? { problem: 'the pact has no interactions: nothing is checked, so nothing is allowed' } : {}),
    interactions,
    skipped,
    summary: { interactions: interactions.length, allowed, notAllowed: interactions.length - allowed, skipped: skipped.length },
  };
}

export function checkInteraction(router: OpenApiRouter, interaction: Extract<PactInteraction, { kind: 'http' }>): InteractionReport {
  const request = requestProblems(router, interaction.request);
  const expected = interaction.response.status;
  // The service answers the first thing wrong with a request; a contract may expect exactly that answer.
  const refusedAsExpected = request.problems[0]?.answer === expected;
  const problems: Problem[] = refusedAsExpected ? [] : request.problems.map(({ where, message }) => ({ where, message }));
  const response = responseToCheck(interaction.response);
  if (request.operation) problems.push(...responseProblems(router.backend, request.operation, response, false));
  else if (refusedAsExpected) problems.push(...errorBodyProblems(router.backend, response));
  return {
    description: interaction.description,
    providerStates: interaction.providerStates,
    ...(request.operation?.operationId ? { operationId: request.operation.operationId } : {}),
    ok: problems.length === 0,
    problems,
  };
}

function responseToCheck(response: PactResponse): ResponseToCheck {
  const contentType = response.body?.contentType ?? response.headers['content-type'];
  return {
    status: response.status,
    headers: response.headers,
    ...(response.body ? { body: response.body } : {}),
    ...(contentType ? { contentType } : {}),
  };
}
