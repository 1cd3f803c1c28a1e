/**
 * spec/admin.yaml borrows schemas from spec/openapi.yaml (`$ref: './openapi.yaml#/components/schemas/WebhookEvent'`)
 * rather than copying them. The admin router and its docs page get one self-contained document: each borrowed
 * schema, and the schemas it refers to in turn, is copied into the admin document's components under its own name.
 * References are walked by the one resolver's walk (references.ts); here they are renamed, not followed.
 */
import { copyReplacingReferences } from './references.ts';

const BORROWED = /^(?:\.\/)?openapi\.yaml#\/components\/schemas\/([A-Za-z0-9_.-]+)$/;
const LOCAL = /^#\/components\/schemas\/([A-Za-z0-9_.-]+)$/;

type Json = Record<string, unknown>;

export function withBorrowedSchemas(admin: Json, api: Readonly<Json>): Json {
  const source = ((api['components'] as Json | undefined)?.['schemas'] ?? {}) as Json;
  const copied = new Map<string, unknown>();
  const wanted: string[] = [];
  // Each reference `pattern` names becomes the local reference of that name, wanted in the admin document.
  const rewrite = (value: unknown, pattern: RegExp): unknown =>
    copyReplacingReferences(value, (ref, node, copy) => {
      const { $ref: _ref, ...siblings } = node;
      const name = pattern.exec(ref)?.[1];
      if (name !== undefined) wanted.push(name);
      return { ...(copy(siblings) as Json), $ref: name === undefined ? ref : `#/components/schemas/${name}` };
    });
  const result = rewrite(admin, BORROWED) as Json;
  while (wanted.length > 0) {
    const name = wanted.pop() as string;
    if (copied.has(name)) continue;
    if (!(name in source)) throw new Error(`spec/admin.yaml borrows ${name}, which spec/openapi.yaml does not define`);
    copied.set(name, null);
    copied.set(name, rewrite(source[name], LOCAL));
  }
  if (copied.size === 0) return admin;
  const components = (result['components'] ?? {}) as Json;
  return { ...result, components: { ...components, schemas: { ...(components['schemas'] as Json), ...Object.fromEntries(copied) } } };
}
