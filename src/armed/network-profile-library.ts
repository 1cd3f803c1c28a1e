/**
 * Loading network profiles: the built-ins shipped in `scenarios/profiles/`, then the `profiles/` folder of the user's
 * scenarios folder (`--scenarios DIR`), whose files replace built-ins of the same name. Each is validated by the zod
 * schema (network-profile-schema.ts); a problem names the file, the field and the reason, as a scenario's does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { SHIPPED } from '../platform/package-files.ts';
import { fileProblem } from '../platform/file-problem.ts';
import { processCached } from '../platform/process-cache.ts';
import { EXTENSIONS, formatProblem, parseDataFile, type ScenarioProblem } from '../scenarios/scenario-library.ts';
import { networkProfileSchema, PROFILE_NAME, type NetworkProfile } from './network-profile-schema.ts';

export type ParsedProfile = { ok: true; profile: NetworkProfile } | { ok: false; problems: ScenarioProblem[] };

/** The profiles a mock can apply, by name. */
export interface NetworkProfileLibrary {
  get(name: string): NetworkProfile | undefined;
  list(): readonly NetworkProfile[];
}

/** A profile's content (a file's, or a body's inline profile) → the profile, or what is wrong with it. */
export function profileOf(input: unknown, fallbackName: string, source: string, file = source): ParsedProfile {
  const result = networkProfileSchema.safeParse(input);
  if (!result.success) {
    return { ok: false, problems: result.error.issues.map((issue) => ({ file, field: issue.path.length > 0 ? issue.path.join('.') : '(root)', reason: issue.message })) };
  }
  const { $schema: _schema, name = fallbackName, ...rest } = result.data;
  if (!PROFILE_NAME.test(name)) return { ok: false, problems: [{ file, field: 'name', reason: 'give a name of lower-case letters, digits and hyphens (the file name is not one)' }] };
  return { ok: true, profile: { ...rest, name, source } };
}

/** Every profile file of a folder, sorted by name; a folder that does not exist holds none. */
function readProfileDir(dir: string, source?: string): { profiles: NetworkProfile[]; problems: ScenarioProblem[] } {
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => EXTENSIONS.has(extname(file).toLowerCase()) && !file.endsWith('.schema.json'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: [], problems: [] };
    return { profiles: [], problems: [{ file: dir, field: '(directory)', reason: fileProblem(error) }] };
  }
  const loaded = { profiles: [] as NetworkProfile[], problems: [] as ScenarioProblem[] };
  for (const file of files.sort()) {
    const path = join(dir, file);
    const parsed = readProfileFile(path, source ?? path);
    if (!parsed.ok) loaded.problems.push(...parsed.problems);
    else if (loaded.profiles.some((profile) => profile.name === parsed.profile.name)) loaded.problems.push({ file: path, field: 'name', reason: `profile ${parsed.profile.name} is already defined in ${dir}` });
    else loaded.profiles.push(parsed.profile);
  }
  return loaded;
}

function readProfileFile(path: string, source: string): ParsedProfile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { ok: false, problems: [{ file: path, field: '(file)', reason: fileProblem(error) }] };
  }
  const parsed = parseDataFile(text, path);
  if (!parsed.ok) return { ok: false, problems: [parsed.problem] };
  return profileOf(parsed.value, basename(path, extname(path)), source, path);
}

export function networkProfileLibrary(profiles: readonly NetworkProfile[]): NetworkProfileLibrary {
  // A Map: a name is the caller's string, and `constructor` or `__proto__` must find nothing.
  const byName = new Map(profiles.map((profile) => [profile.name, profile]));
  return { get: (name) => byName.get(name), list: () => [...byName.values()].sort((a, b) => a.name.localeCompare(b.name)) };
}

/**
 * The built-ins and the user's `profiles/` over them, or the problems of their files as `formatProblem` words them;
 * read once per folder and process (platform/process-cache.ts): start-up checks it, `createApp` reads it.
 */
export function loadProfileLibrary(scenariosDir?: string): { ok: true; library: NetworkProfileLibrary } | { ok: false; problems: string[] } {
  return processCached(
    'network-profile-library',
    () => {
      const builtIn = readProfileDir(SHIPPED.profiles, 'built-in');
      const user = scenariosDir === undefined ? { profiles: [], problems: [] } : readProfileDir(join(scenariosDir, 'profiles'));
      const problems = [...builtIn.problems, ...user.problems];
      if (problems.length > 0) return { ok: false as const, problems: problems.map(formatProblem) };
      const userNames = new Set(user.profiles.map((profile) => profile.name));
      return { ok: true as const, library: networkProfileLibrary([...builtIn.profiles.filter((profile) => !userNames.has(profile.name)), ...user.profiles]) };
    },
    scenariosDir ?? '',
  );
}
