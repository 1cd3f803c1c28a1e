/**
 * The scenario and network profile libraries a mock starts with: the built-ins and those of the user's directory
 * (`config.scenariosDir`, its `profiles/` for profiles). Start-up checked the files, so a problem here is a
 * programming error.
 */
import { loadProfileLibrary, type NetworkProfileLibrary } from '../armed/network-profile-library.ts';
import { processCached } from '../platform/process-cache.ts';
import { loadScenarioLibrary, type ScenarioLibrary } from '../scenarios/scenario-library.ts';

/** Loaded once per directory and process (platform/process-cache.ts). */
export function builtInScenarios(userDir: string | undefined): ScenarioLibrary {
  return processCached(
    'scenario-library',
    () => {
      const loaded = loadScenarioLibrary(userDir);
      if (!loaded.ok) throw new Error(`invalid scenario files:\n${loaded.problems.join('\n')}`);
      return loaded.library;
    },
    userDir ?? '',
  );
}

export function builtInProfiles(userDir: string | undefined): NetworkProfileLibrary {
  const loaded = loadProfileLibrary(userDir);
  if (!loaded.ok) throw new Error(`invalid network profile files:\n${loaded.problems.join('\n')}`);
  return loaded.library;
}
