/**
 * A contract's expected body is partial: it names only the fields the consumer reads. So a field the document
 * requires may be left out, but every field it names must exist where it names it. `fieldsNotDeclared` finds
 * those that do not (a contract asking for what the service does not offer); `partialErrors` drops from the
 * schema's errors those that only say a field was left out.
 */
import type { ErrorObject } from 'ajv';

type Schema = Record<string, unknown>;

/** Paths (`data[0].stock`) of the body's fields that no schema reachable at their place declares. */
export function fieldsNotDeclared(body: unknown, schema: unknown, path = ''): string[] {
  if (!isObject(schema)) return [];
  if (Array.isArray(body)) {
    return body.flatMap((item, index) => fieldsNotDeclared(item, schema['items'], `${path}[${index}]`));
  }
  if (!isObject(body)) return [];
  const variants = [schema, ...(['allOf', 'oneOf', 'anyOf'] as const).flatMap((key) => (Array.isArray(schema[key]) ? (schema[key] as unknown[]) : []))];
  const declared = new Map<string, unknown[]>();
  let open = false;
  for (const variant of variants.filter(isObject)) {
    if (variant['additionalProperties'] !== undefined && variant['additionalProperties'] !== false) open = true;
    for (const [name, property] of Object.entries(isObject(variant['properties']) ? variant['properties'] : {})) {
      declared.set(name, [...(declared.get(name) ?? []), property]);
    }
  }
  const hasProperties = declared.size > 0;
  return Object.entries(body).flatMap(([name, value]) => {
    const at = path ? `${path}.${name}` : name;
    const schemas = declared.get(name);
    if (!schemas) return open || !hasProperties ? [] : [at];
    // Declared in several variants: undeclared only if no variant declares what is inside it.
    const inside = schemas.map((property) => fieldsNotDeclared(value, property, at));
    return inside.reduce((common, found) => common.filter((field) => found.includes(field)));
  });
}

/** The errors that remain once "required" is not asked of a partial body (nor a choice made only by it). */
export function partialErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const kept = errors.filter((error) => error.keyword !== 'required');
  return kept.filter((error) => {
    if (error.keyword !== 'oneOf' && error.keyword !== 'anyOf') return true;
    // A choice between branches that differ by what they require: nothing else failed below it.
    return kept.some((other) => other !== error && other.instancePath.startsWith(error.instancePath) && other.keyword !== 'oneOf' && other.keyword !== 'anyOf');
  });
}

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
