/**
 * Pact files as the verifier reads them: V2, V3 and V4 JSON, one or many (a directory holds `*.json` pacts).
 * Only what classification and reporting need is typed; the rest is carried through untouched.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface PactState {
  name: string;
  params: Record<string, unknown>;
}

export interface PactInteraction {
  description: string;
  type?: string;
  providerStates?: Array<{ name: string; params?: Record<string, unknown> }>;
  providerState?: string;
  [key: string]: unknown;
}

export interface PactDocument {
  consumer: { name: string };
  provider: { name: string };
  interactions: PactInteraction[];
  [key: string]: unknown;
}

export interface LoadedPact {
  file: string;
  document: PactDocument;
}

export class PactFileError extends Error {}

/** The pact files a path names: the file itself, or the `*.json` files of a directory, sorted. */
export function pactFiles(path: string): string[] {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    throw new PactFileError(`${path}: no such file or directory`);
  }
  if (!stats.isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(path, name));
}

export function loadPact(file: string): LoadedPact {
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new PactFileError(`${file}: not readable JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const pact = document as Partial<PactDocument>;
  if (typeof pact?.consumer?.name !== 'string' || typeof pact.provider?.name !== 'string' || !Array.isArray(pact.interactions)) {
    throw new PactFileError(`${file}: not a pact (needs consumer.name, provider.name and interactions[])`);
  }
  return { file, document: pact as PactDocument };
}

/** An interaction's provider states, whatever the specification version wrote. */
export function statesOf(interaction: PactInteraction): PactState[] {
  if (Array.isArray(interaction.providerStates)) return interaction.providerStates.map((state) => ({ name: state.name, params: state.params ?? {} }));
  return interaction.providerState ? [{ name: interaction.providerState, params: {} }] : [];
}

/** V4 names the kind of each interaction; V2 and V3 interactions are all HTTP. */
export function isHttp(interaction: PactInteraction): boolean {
  return interaction.type === undefined || interaction.type === 'Synchronous/HTTP';
}
