/**
 * spec/admin.yaml borrows schemas from spec/openapi.yaml (`$ref: './openapi.yaml#/components/schemas/WebhookEvent'`)
 * rather than copying them. The admin router and its docs page get one self-contained document: each borrowed
 * schema, and the schemas it refers to in turn, is copied into the admin document's components under its own name.
 */
const BORROWED = /^(?:\.\/)?openapi\.yaml#\/components\/schemas\/([A-Za-z0-9_.-]+)$/;
const LOCAL = /^#\/components\/schemas\/([A-Za-z0-9_.-]+)$/;

type Json = Record<string, unknown>;

export function withBorrowedSchemas(admin: Json, api: Readonly<Json>): Json {
  const source = ((api['components'] as Json | undefined)?.['schemas'] ?? {}) as Json;
  const copied = new Map<string, unknown>();
  const wanted: string[] = [];
  const rewrite = (value: unknown, pattern: RegExp): unknown => {
    if (Array.isArray(value)) return value.map((item) => rewrite(item, pattern));
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => {
        const name = key === '$ref' && typeof inner === 'string' ? pattern.exec(inner)?.[1] : undefined;
        if (name === undefined) return [key, rewrite(inner, pattern)];
        wanted.push(name);
        return [key, `#/components/schemas/${name}`];
      }),
    );
  };
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
