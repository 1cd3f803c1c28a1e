/**
 * The one `$ref` resolver: every reference of a document is followed here, by one walk (`copyReplacingReferences`)
 * that the copies below and the admin document's borrowed schemas (shared-schemas.ts) share.
 *
 * - `resolvedCopy`: each component copied once, every use of it that one object (a schema that refers to itself
 *   refers to its own copy). Made in a few milliseconds at start; right for reading (the router's operation table:
 *   security, parameters, media types, responses, examples).
 * - `expandedCopy`: a copy per use, plain JSON. Right for compiling validators: Ajv, through openapi-backend,
 *   compiles a shared object once, so the second use's errors would carry the first use's schema path and
 *   validation details would name the wrong form of a `oneOf`. The build writes it for the package's documents
 *   (scripts/dereference-specs.mjs). `expandedPart` copies one part of a document so.
 *
 * Only local references (`#/…`) are followed, their JSON pointer escapes (`~1`, `~0`, percent-encoding) decoded; a
 * reference object's other keys are ignored, as OpenAPI 3.0 says.
 */
type Node = Record<string, unknown>;
type Copy = (value: unknown) => unknown;

/** A deep copy of `value` in which each reference object is replaced by what `replace` makes of it. */
export function copyReplacingReferences(value: unknown, replace: (ref: string, node: Readonly<Node>, copy: Copy) => unknown): unknown {
  // Plain loops, not entries/fromEntries: this walk runs once per document at every start, mostly before V8 has
  // optimised anything, where the array of pairs per object cost more than the copy.
  const copy: Copy = (inner) => {
    if (typeof inner !== 'object' || inner === null) return inner;
    if (Array.isArray(inner)) {
      const items = new Array<unknown>(inner.length);
      for (let i = 0; i < inner.length; i++) items[i] = copy(inner[i]);
      return items;
    }
    const ref = (inner as Node)['$ref'];
    if (typeof ref === 'string') return replace(ref, inner as Node, copy);
    const copied: Node = {};
    for (const key of Object.keys(inner)) {
      const item = copy((inner as Node)[key]);
      // A key named `__proto__` (a schema property may be called so) is an own property, as in the original.
      if (key === '__proto__') Object.defineProperty(copied, key, { value: item, enumerable: true, writable: true, configurable: true });
      else copied[key] = item;
    }
    return copied;
  };
  return copy(value);
}

/** The document with its references resolved to one shared copy per component; the document itself untouched. */
export function resolvedCopy(document: Readonly<Node>): Node {
  const resolved = new Map<string, unknown>();
  return copyReplacingReferences(document, (ref, _node, copy) => {
    if (resolved.has(ref)) return resolved.get(ref);
    const target = referencedNode(document, ref);
    if (!isPlainObject(target)) {
      resolved.set(ref, copy(target));
      return resolved.get(ref);
    }
    // Filled after it is registered, so a schema that refers to itself ends up referring to its own copy.
    const shared: Node = {};
    resolved.set(ref, shared);
    return Object.assign(shared, copy(target));
  }) as Node;
}

/**
 * The document with each reference replaced by a copy of its own (no object shared between two uses). A reference
 * met again inside its own expansion (a recursive schema) stays a `$ref`: a copy per use of it would never end;
 * openapi-backend, given the copy, links it to the document's node, and its compile step turns that cycle back into
 * a reference Ajv follows.
 */
export function expandedCopy(document: Readonly<Node>): Node {
  return expandedPart(document, document) as Node;
}

/** One part of `document` (a schema, an example) copied as `expandedCopy` copies the whole. */
export function expandedPart(document: Readonly<Node>, part: unknown): unknown {
  const expanding: string[] = [];
  return copyReplacingReferences(part, (ref, _node, copy) => {
    if (expanding.includes(ref)) return { $ref: ref };
    expanding.push(ref);
    try {
      return copy(referencedNode(document, ref));
    } finally {
      expanding.pop();
    }
  });
}

/** `#/components/schemas/Product` → that node of the document (JSON pointer escapes `~1`, `~0` decoded). */
export function referencedNode(document: Readonly<Node>, ref: string): unknown {
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

/**
 * `value` with its `$ref` followed, and the target's own, until a node that is no reference (a response given as
 * `#/components/responses/…`); a chain that comes back to a reference already followed is a broken document.
 */
export function followedReference(document: Readonly<Node>, value: unknown): unknown {
  const followed: string[] = [];
  let node = value;
  while (isPlainObject(node) && typeof node['$ref'] === 'string') {
    const ref = node['$ref'];
    if (followed.includes(ref)) throw new Error(`a reference that leads back to itself: ${[...followed, ref].join(' → ')}`);
    followed.push(ref);
    node = referencedNode(document, ref);
  }
  return node;
}

function isPlainObject(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
