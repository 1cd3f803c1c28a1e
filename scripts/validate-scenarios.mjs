// Build step, after tsc (scripts/build.mjs passes its staging folder, which holds tsc's compiled modules): the built-in
// scenarios (scenarios/*.yaml, or the folder given second) validated by the compiled scenario library, as a user's
// files are at start, and written validated to built-in-scenarios.json beside the compiled code: a built server
// loads them without parsing YAML or running the zod schema. A broken built-in fails the build with the file, the
// field and the reason, and nothing is written.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

if (!process.argv[2]) throw new Error(`usage: node ${process.argv[1]} <a build folder holding tsc's compiled modules of src/>`);
const out = pathToFileURL(`${resolve(process.argv[2])}/`);
const { BUILT_IN_DIR, formatProblem, readScenarioDir } = await import(new URL('scenarios/scenario-library.js', out).href);
const { BUILT } = await import(new URL('platform/package-files.js', out).href);

const source = process.argv[3] ? `${resolve(process.argv[3])}/` : BUILT_IN_DIR;
const { scenarios, problems } = readScenarioDir(source, 'built-in');
if (problems.length > 0) {
  process.stderr.write(`invalid built-in scenario files:\n${problems.map(formatProblem).join('\n')}\n`);
  process.exit(1);
}
writeFileSync(BUILT.builtInScenarios, JSON.stringify(scenarios));
console.log(`validated ${scenarios.length} built-in scenarios into ${BUILT.builtInScenarios}`);
