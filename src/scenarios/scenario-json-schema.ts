/** The scenario file schema as JSON Schema (draft 2020-12), generated from the zod schema so the two never differ. */
import * as z from 'zod';
import { scenarioSchema } from './scenario-schema.ts';

export const SCENARIO_SCHEMA_ID = 'https://commerce-mock.local/scenario.schema.json';

export function scenarioJsonSchema(): Record<string, unknown> {
  // `input`: what a file may contain (fields with defaults are optional there).
  const schema = z.toJSONSchema(scenarioSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return { ...schema, $id: SCENARIO_SCHEMA_ID, title: 'commerce-mock scenario' };
}
