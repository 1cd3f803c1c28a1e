/** The network profile file schema as JSON Schema (draft 2020-12), generated from the zod schema so the two never differ. */
import * as z from 'zod';
import { networkProfileSchema } from './network-profile-schema.ts';

export const PROFILE_SCHEMA_ID = 'https://commerce-mock.local/profile.schema.json';

export function profileJsonSchema(): Record<string, unknown> {
  // `input`: what a file may contain.
  const schema = z.toJSONSchema(networkProfileSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return { ...schema, $id: PROFILE_SCHEMA_ID, title: 'commerce-mock network profile' };
}
