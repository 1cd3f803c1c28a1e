/**
 * Which scenarios are active, and where: globally, per client, or for one request (the `X-Mock-Scenario` header);
 * the narrowest wins. It resolves the policy a request or a client runs under, and decides which rules fire for a
 * request. A decision reads and advances the rule counters in one synchronous step, so concurrent requests never
 * skip or repeat a step.
 */
import type { Config } from '../platform/config.ts';
import type { Policy } from '../domain/policy.ts';
import { seededFractions } from '../platform/random.ts';
import { matches, type RequestFacts } from './rule-match.ts';
import type { ScenarioLibrary } from './scenario-library.ts';
import { configPolicy, policyOf } from './scenario-policy.ts';
import type { RuleEffect, Scenario } from './scenario-schema.ts';

export type ScopeKind = 'global' | 'client' | 'request';

export interface ActiveScenario {
  scenario: Scenario;
  scope: ScopeKind;
  /** The client of a per-client activation. */
  clientId?: string;
}

export interface Decision {
  /** Real milliseconds to wait before going on. */
  latencyMs: number;
  respond?: NonNullable<RuleEffect['respond']>;
  drop: boolean;
  revokeToken: boolean;
  expireToken: boolean;
  orderStatus?: NonNullable<RuleEffect['orderStatus']>;
  /** Names (or positions) of the rules that fired. */
  fired: string[];
}

export interface RuleProgress {
  rule: string;
  /** Matching requests so far. */
  matches: number;
  /** How many of them fired the effect. */
  fired: number;
}

export interface ActivationStatus {
  scope: ScopeKind;
  clientId?: string;
  scenario: string;
  rules: RuleProgress[];
}

export interface ScenarioStatus {
  global: string | undefined;
  clients: Record<string, string>;
  activations: ActivationStatus[];
}

/** What snapshots and exports keep of the engine. */
export interface ScenarioEngineState {
  global: string | null;
  clients: Record<string, string>;
}

export interface ScenarioEngine {
  readonly library: ScenarioLibrary;
  /** The policy when no scenario is active: the configuration under the `default` scenario. */
  base(): Policy;
  policyOf(active: ActiveScenario | undefined): Policy;
  /** The scenario a request runs under: its header's, else its client's, else the global one. */
  resolve(requestScenario: string | undefined, clientId: string | undefined): ActiveScenario | undefined;
  /** The policy of what the clock drives for a client: its scenario, else the global one. */
  forClient(clientId: string): Policy;
  decide(active: ActiveScenario | undefined, facts: RequestFacts): Decision;
  /** false when no scenario has that name. */
  activate(name: string, clientId?: string): boolean;
  deactivate(clientId?: string): void;
  status(): ScenarioStatus;
  /** Every activation and counter dropped (reset). */
  reset(): void;
  state(): ScenarioEngineState;
  /** Restores activations (counters start afresh); names the library lacks are skipped and returned. */
  restore(state: ScenarioEngineState): string[];
}

interface Counters {
  matches: number[];
  fired: number[];
  draw: () => number;
}

export function createScenarioEngine(library: ScenarioLibrary, config: Config, initial?: { global?: string | undefined }): ScenarioEngine {
  const base = policyOf(library.get('default'), configPolicy(config));
  const policies = new Map<string, Policy>();
  let global: string | undefined = initial?.global;
  const perClient = new Map<string, string>();
  const counters = new Map<string, Counters>();

  const policyOfScenario = (scenario: Scenario) => {
    let policy = policies.get(scenario.name);
    if (!policy) {
      policy = policyOf(scenario, base);
      policies.set(scenario.name, policy);
    }
    return policy;
  };
  // A JSON triple, not a joined string: a client id may hold any printable character (`a|b` is not `a`'s).
  const keyOf = (active: ActiveScenario) => JSON.stringify([active.scope, active.clientId ?? '', active.scenario.name]);
  const partsOf = (key: string) => JSON.parse(key) as [ScopeKind, string, string];
  const countersOf = (active: ActiveScenario) => {
    const key = keyOf(active);
    let found = counters.get(key);
    if (!found) {
      const size = active.scenario.rules.length;
      found = { matches: new Array<number>(size).fill(0), fired: new Array<number>(size).fill(0), draw: seededFractions(active.scenario.seed) };
      counters.set(key, found);
    }
    return found;
  };
  const dropCounters = (scope: ScopeKind, clientId?: string) => {
    for (const key of counters.keys()) {
      const [keyScope, keyClient] = partsOf(key);
      if (keyScope === scope && keyClient === (clientId ?? '')) counters.delete(key);
    }
  };
  const activeOf = (name: string | undefined, scope: ScopeKind, clientId?: string): ActiveScenario | undefined => {
    const scenario = name === undefined ? undefined : library.get(name);
    if (!scenario) return undefined;
    return clientId === undefined ? { scenario, scope } : { scenario, scope, clientId };
  };

  return {
    library,
    base: () => base,
    policyOf: (active) => (active ? policyOfScenario(active.scenario) : base),
    resolve(requestScenario, clientId) {
      return (
        activeOf(requestScenario, 'request') ??
        (clientId === undefined ? undefined : activeOf(perClient.get(clientId), 'client', clientId)) ??
        activeOf(global, 'global')
      );
    },
    forClient(clientId) {
      const active = activeOf(perClient.get(clientId), 'client', clientId) ?? activeOf(global, 'global');
      return active ? policyOfScenario(active.scenario) : base;
    },
    decide(active, facts) {
      const decision: Decision = { latencyMs: 0, drop: false, revokeToken: false, expireToken: false, fired: [] };
      if (!active) return decision;
      const rules = active.scenario.rules;
      const count = countersOf(active);
      for (const [index, rule] of rules.entries()) {
        if (!matches(rule.match, facts)) continue;
        const seen = ++count.matches[index]!;
        const when = rule.when;
        const fires =
          when === 'always' || ('nth' in when ? seen === when.nth : 'every' in when ? seen % when.every === 0 : count.draw() < when.probability);
        if (!fires) continue;
        count.fired[index]! += 1;
        decision.fired.push(rule.name ?? `rules[${index}]`);
        const effect = rule.then;
        if (effect.latencyMs !== undefined) {
          decision.latencyMs +=
            typeof effect.latencyMs === 'number'
              ? effect.latencyMs
              : Math.round(effect.latencyMs.minMs + count.draw() * (effect.latencyMs.maxMs - effect.latencyMs.minMs));
        }
        decision.revokeToken ||= effect.revokeToken === true;
        decision.expireToken ||= effect.expireToken === true;
        if (effect.orderStatus) decision.orderStatus = effect.orderStatus;
        if (effect.respond || effect.drop) {
          if (effect.respond) decision.respond = effect.respond;
          decision.drop = effect.drop === true;
          break;
        }
      }
      return decision;
    },
    activate(name, clientId) {
      if (!library.get(name)) return false;
      if (clientId === undefined) {
        dropCounters('global');
        global = name;
      } else {
        dropCounters('client', clientId);
        perClient.set(clientId, name);
      }
      return true;
    },
    deactivate(clientId) {
      if (clientId === undefined) {
        dropCounters('global');
        global = undefined;
      } else {
        dropCounters('client', clientId);
        perClient.delete(clientId);
      }
    },
    status() {
      const activations: ActivationStatus[] = [];
      for (const [key, count] of counters) {
        const [scope, clientId, name] = partsOf(key);
        const scenario = library.get(name);
        if (!scenario) continue;
        activations.push({
          scope,
          ...(clientId ? { clientId } : {}),
          scenario: name,
          rules: scenario.rules.map((rule, index) => ({ rule: rule.name ?? `rules[${index}]`, matches: count.matches[index]!, fired: count.fired[index]! })),
        });
      }
      return { global, clients: Object.fromEntries(perClient), activations };
    },
    reset() {
      global = initial?.global;
      perClient.clear();
      counters.clear();
    },
    state: () => ({ global: global ?? null, clients: Object.fromEntries(perClient) }),
    restore(state) {
      const missing: string[] = [];
      counters.clear();
      perClient.clear();
      global = state.global !== null && library.get(state.global) ? state.global : undefined;
      if (state.global !== null && global === undefined) missing.push(state.global);
      for (const [clientId, name] of Object.entries(state.clients)) {
        if (library.get(name)) perClient.set(clientId, name);
        else missing.push(name);
      }
      return missing;
    },
  };
}
