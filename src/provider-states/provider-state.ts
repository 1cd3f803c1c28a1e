/** One provider state of the catalogue (provider-states.ts): its name, what it takes and gives, how it is set up. */
import type { StateSession } from './state-session.ts';

export type StateValues = Record<string, string>;

export interface ProviderState {
  name: string;
  description: string;
  /** Each parameter and what it means (its default, when it has one). */
  params: Record<string, string>;
  /** The values handed back, for `fromProviderState('${name}', …)`. */
  provides: string[];
  /** Only a mock can be put in this state (its admin API does it). */
  mockOnly: boolean;
  setup(session: StateSession, params: Record<string, string>): Promise<StateValues>;
}
