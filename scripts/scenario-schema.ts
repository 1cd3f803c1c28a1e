// scenarios/scenario.schema.json from the zod schema, for editor completion (`$schema: ./scenario.schema.json`).
// `--write` writes it; without, prints it. A test fails when the committed file differs.
import { writeFileSync } from 'node:fs';
import { scenarioJsonSchema } from '../src/scenarios/scenario-json-schema.ts';

const text = `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`;
if (process.argv.includes('--write')) writeFileSync(new URL('../scenarios/scenario.schema.json', import.meta.url), text);
else process.stdout.write(text);
