/**
 * A pact as written, for the verifier: the document is handed on (filtered) to the Pact verifier untouched, and
 * read only for what classification and reporting need. It is the `json` of a pact read by pact-file.ts.
 */

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

/** A pact's JSON, already read as a pact by pact-file.ts, with its interactions (V3 messages are not HTTP). */
export function rawPact(json: unknown): RawPact {
  const document = json as RawPact;
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
