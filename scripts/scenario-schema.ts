// scenarios/scenario.schema.json and scenarios/profiles/profile.schema.json from the zod schemas, for editor completion
// (`$schema: ./scenario.schema.json`). `--write` writes them; without, prints them. A test fails when a committed file differs.
import { writeFileSync } from 'node:fs';
import { scenarioJsonSchema } from '../src/scenarios/scenario-json-schema.ts';
import { profileJsonSchema } from '../src/armed/network-profile-json-schema.ts';

const files = [
  { path: '../scenarios/scenario.schema.json', schema: scenarioJsonSchema() },
  { path: '../scenarios/profiles/profile.schema.json', schema: profileJsonSchema() },
];
for (const { path, schema } of files) {
  const text = `${JSON.stringify(schema, null, 2)}\n`;
  if (process.argv.includes('--write')) writeFileSync(new URL(path, import.meta.url), text);
  else process.stdout.write(text);
}
