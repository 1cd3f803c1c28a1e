/** The router's reading of a document: references resolved to one shared copy per component, the original untouched. */
import { describe, expect, it } from 'vitest';
import { resolvedCopy } from '../../src/openapi/resolved-copy.ts';

const document = {
  paths: { '/a': { get: { responses: { '200': { $ref: '#/components/responses/Ok' } } } } },
  components: {
    responses: { Ok: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } },
    schemas: { Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' }, 'a/b': { $ref: '#/components/schemas/a~1b' } } }, 'a/b': { type: 'string' } },
  },
};

describe('resolvedCopy', () => {
  it('resolves every local reference, one copy per component, a self-reference to itself, without changing the document', () => {
    const before = structuredClone(document);
    const copy = resolvedCopy(document) as typeof document & Record<string, never>;
    const ok = (copy.paths['/a'].get.responses['200'] as unknown as { content: Record<string, { schema: Record<string, unknown> }> }).content['application/json']!.schema;
    expect(ok['type']).toBe('object');
    const properties = ok['properties'] as Record<string, unknown>;
    expect(properties['child']).toBe(ok);
    expect(properties['a/b']).toEqual({ type: 'string' });
    expect(document).toEqual(before);
  });

  it('refuses a reference it cannot resolve, naming it', () => {
    expect(() => resolvedCopy({ a: { $ref: '#/components/schemas/Missing' } })).toThrow('unresolved reference #/components/schemas/Missing');
    expect(() => resolvedCopy({ a: { $ref: 'other.yaml#/X' } })).toThrow('only local references are resolved: other.yaml#/X');
  });
});
