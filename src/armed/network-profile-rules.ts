/**
 * What applying a network profile takes, one rule at every door (the admin route, which the SDK, the CLI and MCP
 * call): a profile by the name of one the library holds, or a profile given whole (the schema of a profile file),
 * a seed (drawn when absent, so the run can be repeated with it) and how long it lasts.
 */
import { failure, type Failure } from '../errors/failures.ts';
import { freshSeed } from '../platform/random.ts';
import type { NetworkProfileLibrary } from './network-profile-library.ts';
import { profileOf } from './network-profile-library.ts';
import { MAX_PROFILE_SECONDS } from './network-profile-schema.ts';
import type { ApplyInput } from './network-profiles.ts';

export interface ApplyBody {
  profile: string | Record<string, unknown>;
  seed?: number;
  forSeconds?: number;
}

export function networkProfileApplyRule(library: NetworkProfileLibrary, body: ApplyBody): { ok: true; input: ApplyInput } | Failure {
  const profile = profileFrom(library, body.profile);
  if (!profile.ok) return profile;
  const { seed = freshSeed(), forSeconds } = body;
  if (!Number.isInteger(seed) || seed < 0 || seed > 2 ** 31 - 1) return failure('network_profile_refused', { field: 'seed', problem: 'um inteiro de 0 a 2147483647' });
  if (forSeconds !== undefined && !(forSeconds >= 0.001 && forSeconds <= MAX_PROFILE_SECONDS)) {
    return failure('network_profile_refused', { field: 'forSeconds', problem: `de 0.001 a ${MAX_PROFILE_SECONDS} segundos` });
  }
  return { ok: true, input: { profile: profile.profile, seed, ...(forSeconds !== undefined && { forSeconds }) } };
}

function profileFrom(library: NetworkProfileLibrary, given: ApplyBody['profile']) {
  if (typeof given === 'string') {
    const named = library.get(given);
    return named ? { ok: true as const, profile: named } : failure('unknown_network_profile', { name: given });
  }
  const parsed = profileOf(given, 'inline', 'inline');
  if (parsed.ok) return parsed;
  const [first] = parsed.problems;
  return failure('network_profile_refused', { field: `profile.${first?.field ?? ''}`, problem: first?.reason ?? 'recusado' });
}
