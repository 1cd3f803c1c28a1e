/**
 * Loading scenario files: the built-in ones shipped in `scenarios/`, then a user directory (`--scenarios DIR`),
 * whose files replace built-ins of the same name. Each file is validated by the zod schema; a problem names the
 * file, the field and the reason.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, extname, join } from 'node:path';
import { BUILT, SHIPPED } from '../platform/package-files.ts';
import { scenarioSchema, type Scenario } from './scenario-schema.ts';
import { fileProblem } from '../platform/file-problem.ts';

/** `scenarios/` of the package, from `src/scenarios/` (sources) and `dist/scenarios/` (build) alike. */
export const BUILT_IN_DIR = SHIPPED.scenarios;

/**
 * The built-ins as the build validated them (`dist/built-in-scenarios.json`, scripts/validate-scenarios.mjs):
 * start-up then needs neither the YAML parser nor the schema. A user's directory is validated at start.
 */
const BUILT_IN_JSON = BUILT.builtInScenarios;

export const EXTENSIONS: ReadonlySet<string> = new Set(['.yaml', '.yml', '.json']);

/** The YAML parser, loaded on first use only (it costs ≈ 30 ms of start-up). */
function parseYaml(text: string): unknown {
  const { parse } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return parse(text);
}

export interface ScenarioProblem {
  file: string;
  field: string;
  reason: string;
}

export type ParsedScenario = { ok: true; scenario: Scenario } | { ok: false; problems: ScenarioProblem[] };

export function formatProblem(problem: ScenarioProblem): string {
  return `${problem.file}: ${problem.field}: ${problem.reason}`;
}

/** A data file's text (JSON by its extension, else YAML) → its value, or why it is not one: scenario and profile files alike. */
export function parseDataFile(text: string, file: string): { ok: true; value: unknown } | { ok: false; problem: ScenarioProblem } {
  try {
    return { ok: true, value: extname(file).toLowerCase() === '.json' ? JSON.parse(text) : parseYaml(text) };
  } catch (error) {
    return { ok: false, problem: { file, field: '(file)', reason: `not valid ${extname(file).slice(1).toUpperCase()}: ${(error as Error).message}` } };
  }
}

/** One file's text → a scenario, or what is wrong with it. */
export function parseScenario(text: string, file: string, source = file): ParsedScenario {
  const parsed = parseDataFile(text, file);
  if (!parsed.ok) return { ok: false, problems: [parsed.problem] };
  return scenarioOf(parsed.value, file, source);
}

/** A parsed file's content → a scenario, or what is wrong with it. */
function scenarioOf(input: unknown, file: string, source: string): ParsedScenario {
  const result = scenarioSchema.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => ({
      file,
      field: issue.path.length > 0 ? issue.path.join('.') : '(root)',
      reason: issue.message,
    }));
    return { ok: false, problems };
  }
  const fromFileName = basename(file, extname(file));
  const name = result.data.name ?? fromFileName;
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(name)) {
    return { ok: false, problems: [{ file, field: 'name', reason: 'give a name of lower-case letters, digits and hyphens (the file name is not one)' }] };
  }
  return { ok: true, scenario: { ...result.data, name, source } };
}

export function readScenarioFile(path: string, source = path): ParsedScenario {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { ok: false, problems: [{ file: path, field: '(file)', reason: fileProblem(error) }] };
  }
  return parseScenario(text, path, source);
}

export interface LoadedScenarios {
  scenarios: Scenario[];
  problems: ScenarioProblem[];
}

/** Every scenario file of a directory, sorted by name; a directory that cannot be read is one problem. */
export function readScenarioDir(dir: string, source?: string): LoadedScenarios {
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => EXTENSIONS.has(extname(file).toLowerCase()) && !file.endsWith('.schema.json'));
  } catch (error) {
    return { scenarios: [], problems: [{ file: dir, field: '(directory)', reason: fileProblem(error) }] };
  }
  return collect(files.sort().map((file) => ({ path: join(dir, file), parse: (path) => readScenarioFile(path, source ?? path) })));
}

function collect(files: ReadonlyArray<{ path: string; parse: (path: string) => ParsedScenario }>): LoadedScenarios {
  const loaded: LoadedScenarios = { scenarios: [], problems: [] };
  const seen = new Map<string, string>();
  for (const { path, parse } of files) {
    const parsed = parse(path);
    if (!parsed.ok) {
      loaded.problems.push(...parsed.problems);
      continue;
    }
    const earlier = seen.get(parsed.scenario.name);
    if (earlier) {
      loaded.problems.push({ file: path, field: 'name', reason: `scenario ${parsed.scenario.name} is already defined by ${earlier}` });
      continue;
    }
    seen.set(parsed.scenario.name, path);
    loaded.scenarios.push(parsed.scenario);
  }
  return loaded;
}

/** The scenarios a mock can activate, by name. */
export interface ScenarioLibrary {
  get(name: string): Scenario | undefined;
  list(): readonly Scenario[];
}

export function scenarioLibrary(scenarios: readonly Scenario[]): ScenarioLibrary {
  const byName = new Map(scenarios.map((scenario) => [scenario.name, scenario]));
  return { get: (name) => byName.get(name), list: () => [...byName.values()].sort((a, b) => a.name.localeCompare(b.name)) };
}

/**
 * The library a mock activates from: the built-ins and the user's directory over them, or the problems of their
 * files, each as `formatProblem` words it. Start-up and `createApp` both load it here.
 */
export function loadScenarioLibrary(userDir?: string): { ok: true; library: ScenarioLibrary } | { ok: false; problems: string[] } {
  const loaded = loadScenarios(userDir);
  if (loaded.problems.length > 0) return { ok: false, problems: loaded.problems.map(formatProblem) };
  return { ok: true, library: scenarioLibrary(loaded.scenarios) };
}

/** Built-ins, then the user's directory over them. */
export function loadScenarios(userDir?: string): LoadedScenarios {
  const builtIn = existsSync(BUILT_IN_JSON) ? readBuiltInJson() : readScenarioDir(BUILT_IN_DIR, 'built-in');
  if (!userDir) return builtIn;
  const user = readScenarioDir(userDir);
  const userNames = new Set(user.scenarios.map((scenario) => scenario.name));
  return {
    scenarios: [...builtIn.scenarios.filter((scenario) => !userNames.has(scenario.name)), ...user.scenarios],
    problems: [...builtIn.problems, ...user.problems],
  };
}

function readBuiltInJson(): LoadedScenarios {
  return { scenarios: JSON.parse(readFileSync(BUILT_IN_JSON, 'utf8')) as Scenario[], problems: [] };
}
