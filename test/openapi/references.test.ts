/**
 * The one `$ref` resolver: a copy with one shared object per component (the router's reading), a copy per use (what
 * the validator compiles, and what the build writes), both leaving the document untouched; a recursive schema and
 * JSON pointer escapes handled; a request against a recursive schema judged at every depth.
 */
import { describe, expect, it } from 'vitest';
import { createOpenApiRouter } from '../../src/openapi/openapi-router.ts';
import { expandedCopy, expandedPart, followedReference, resolvedCopy } from '../../src/openapi/references.ts';

type Json = Record<string, any>;

const document = {
  paths: { '/a': { get: { responses: { '200': { $ref: '#/components/responses/Ok' } } } } },
  components: {
    responses: { Ok: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } },
    schemas: {
      Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' }, 'a/b': { $ref: '#/components/schemas/a~1b' }, 'c~d': { $ref: '#/components/schemas/c~0d' } } },
      'a/b': { type: 'string' },
      'c~d': { type: 'integer' },
      Pair: { type: 'object', properties: { first: { $ref: '#/components/schemas/a~1b' }, second: { $ref: '#/components/schemas/a%7E1b' } } },
    },
  },
};

const schemaOf = (copy: Json) => copy['paths']['/a'].get.responses['200'].content['application/json'].schema as Json;

describe('resolvedCopy', () => {
  it('resolves every local reference, one copy per component, a self-reference to itself, without changing the document', () => {
    const before = structuredClone(document);
    const ok = schemaOf(resolvedCopy(document));
    expect(ok['type']).toBe('object');
    expect(ok['properties'].child).toBe(ok);
    expect(ok['properties']['a/b']).toEqual({ type: 'string' });
    expect(ok['properties']['c~d']).toEqual({ type: 'integer' });
    expect(document).toEqual(before);
  });

  it('refuses a reference it cannot resolve, naming it', () => {
    expect(() => resolvedCopy({ a: { $ref: '#/components/schemas/Missing' } })).toThrow('unresolved reference #/components/schemas/Missing');
    expect(() => resolvedCopy({ a: { $ref: 'other.yaml#/X' } })).toThrow('only local references are resolved: other.yaml#/X');
  });
});

describe('a property named __proto__', () => {
  it('is copied as an own property, in both copies, and no copy gains a prototype from it', () => {
    const withProto = JSON.parse('{"components":{"schemas":{"Odd":{"type":"object","properties":{"__proto__":{"type":"string"}}}}},"paths":{"/o":{"get":{"responses":{"200":{"$ref":"#/components/schemas/Odd"}}}}}}') as Json;
    for (const copied of [resolvedCopy(withProto), expandedCopy(withProto)] as Json[]) {
      const properties = copied['paths']['/o']['get']['responses']['200']['properties'];
      expect(Object.keys(properties)).toEqual(['__proto__']);
      expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(properties, '__proto__')?.value).toEqual({ type: 'string' });
    }
  });
});

describe('expandedCopy', () => {
  it('gives each use of a component its own copy, escapes decoded, without changing the document', () => {
    const before = structuredClone(document);
    const copy = expandedCopy(document) as Json;
    const pair = copy['components'].schemas.Pair.properties as Json;
    expect(pair['first']).toEqual({ type: 'string' });
    expect(pair['second']).toEqual({ type: 'string' });
    expect(pair['first']).not.toBe(pair['second']);
    expect(copy['components'].schemas['a/b']).not.toBe(pair['first']);
    expect(document).toEqual(before);
  });

  it('leaves a reference met inside its own expansion as a `$ref`: plain JSON, each level a copy', () => {
    const copy = expandedCopy(document) as Json;
    const ok = schemaOf(copy);
    expect(ok['properties'].child).toEqual({ $ref: '#/components/schemas/Node' });
    expect(ok['properties']['c~d']).toEqual({ type: 'integer' });
    expect(JSON.parse(JSON.stringify(copy))).toEqual(copy);
  });

  it('refuses a reference it cannot resolve, naming it', () => {
    expect(() => expandedCopy({ a: { $ref: '#/components/schemas/Missing' } })).toThrow('unresolved reference #/components/schemas/Missing');
  });

  it('copies one part of the document so (expandedPart), its references followed into the document', () => {
    const part = document.components.schemas.Pair;
    const copy = expandedPart(document, part) as Json;
    expect(copy).toEqual({ type: 'object', properties: { first: { type: 'string' }, second: { type: 'string' } } });
    expect(copy).not.toBe(part);
    expect(expandedPart(document, { $ref: '#/components/schemas/Node' })).toEqual(schemaOf(expandedCopy(document)));
  });
});

describe('followedReference', () => {
  it('follows a reference, and the reference it leads to, to the node itself; a node that is none is itself', () => {
    const chained = { ...document, components: { ...document.components, responses: { ...document.components.responses, Alias: { $ref: '#/components/responses/Ok' } } } };
    expect(followedReference(chained, { $ref: '#/components/responses/Alias' })).toBe(document.components.responses.Ok);
    expect(followedReference(document, document.components.responses.Ok)).toBe(document.components.responses.Ok);
    expect(followedReference(document, 'text')).toBe('text');
  });

  it('refuses a chain that leads back to itself, and a reference it cannot resolve, naming them', () => {
    const looping = { components: { responses: { A: { $ref: '#/components/responses/B' }, B: { $ref: '#/components/responses/A' } } } };
    expect(() => followedReference(looping, { $ref: '#/components/responses/A' })).toThrow(
      'a reference that leads back to itself: #/components/responses/A → #/components/responses/B → #/components/responses/A',
    );
    expect(() => followedReference(document, { $ref: '#/components/responses/Missing' })).toThrow('unresolved reference #/components/responses/Missing');
  });
});

describe('a document with a recursive schema', () => {
  const tree = {
    openapi: '3.0.3',
    info: { title: 'tree', version: '1' },
    paths: {
      '/trees': {
        post: {
          operationId: 'plantTree',
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Tree' } } } },
          responses: { '201': { description: 'planted' } },
        },
      },
    },
    components: {
      schemas: {
        Tree: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } } },
      },
    },
  };

  it('is routed and validated at every depth', async () => {
    const router = await createOpenApiRouter({ document: tree });
    const operation = router.match('POST', '/trees');
    expect(operation?.operationId).toBe('plantTree');
    const judge = (body: unknown) => router.validate({ method: 'POST', path: '/trees', query: {}, headers: { 'content-type': 'application/json' }, body }, operation!);
    expect(judge({ name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] }).ok).toBe(true);
    const deep = judge({ name: 'a', children: [{ name: 'b', children: [{ name: 7 }] }] });
    expect(deep.ok).toBe(false);
    expect(deep.ok ? [] : deep.errors.map((error) => error.instancePath)).toContain('/requestBody/children/0/children/0/name');
  });
});
