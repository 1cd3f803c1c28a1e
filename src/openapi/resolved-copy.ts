/**
 * A document with its local `$ref`s resolved for reading, made in a few milliseconds at start: each component is
 * copied once and every use of it is that one object. Right for the router's operation table (security,
 * parameters, media types, examples are only read); not for compiling validators, which need a copy per use
 * (spec-document.ts `dereferencedCopy`, made by the build).
 */
type Node = Record<string, unknown>;

export function resolvedCopy(document: Readonly<Node>): Node {
  const resolved = new Map<string, Node>();
  const copy = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(copy);
    if (typeof value !== 'object' || value === null) return value;
    const ref = (value as Node)['$ref'];
    if (typeof ref === 'string') return component(ref);
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, copy(inner)]));
  };
  const component = (ref: string): Node => {
    const known = resolved.get(ref);
    if (known) return known;
    // Filled after it is registered, so a schema that refers to itself ends up referring to its own copy.
    const target: Node = {};
    resolved.set(ref, target);
    Object.assign(target, copy(pointed(document, ref)));
    return target;
  };
  return copy(document) as Node;
}

/** `#/components/schemas/Product` → that node of the document (JSON pointer escapes `~1`, `~0` decoded). */
function pointed(document: Readonly<Node>, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only local references are resolved: ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => {
      if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) throw new Error(`unresolved reference ${ref}`);
      return (node as Node)[key];
    }, document);
}
