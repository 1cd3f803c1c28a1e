/**
 * A pact as written, for the verifier: the document is handed on (filtered) to the Pact verifier untouched, and
 * read only for what classification and reporting need. Files are checked by pact-file.ts before they get here.
 */
import { readFileSync } from 'node:fs';

export interface RawInteraction {
  description: string;
  type?: string;
  providerStates?: Array<{ name: string; params?: Record<string, unknown> }>;
  providerState?: string;
  [key: string]: unknown;
}

export interface RawPact {
  consumer: { name: string };
  provider: { name: string };
  interactions: RawInteraction[];
  [key: string]: unknown;
}

export interface PactState {
  name: string;
  params: Record<string, unknown>;
}

export function readRawPact(file: string): RawPact {
  const document = JSON.parse(readFileSync(file, 'utf8')) as RawPact;
  return { ...document, interactions: document.interactions ?? [] };
}

/** An interaction's provider states, whatever the specification version wrote. */
export function statesOf(interaction: RawInteraction): PactState[] {
  if (Array.isArray(interaction.providerStates)) return interaction.providerStates.map((state) => ({ name: state.name, params: state.params ?? {} }));
  return interaction.providerState ? [{ name: interaction.providerState, params: {} }] : [];
}

/** V4 names the kind of each interaction; V2 and V3 interactions are all HTTP. */
export function isHttp(interaction: RawInteraction): boolean {
  return interaction.type === undefined || interaction.type === 'Synchronous/HTTP';
}
