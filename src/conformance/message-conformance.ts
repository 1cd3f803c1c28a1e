/**
 * Pact message against OpenAPI: is a webhook message one the document's webhook event schemas allow? The content's
 * `type` chooses the schema (`components.schemas.WebhookEvent` lists one per event); the content is partial, as a
 * contract's expected body is (partial-body.ts): fields may be left out, but those it names must be declared, with
 * values of their schema.
 */
import type { ValidateFunction } from 'ajv';
import type { OpenAPIBackend, ValidationContext } from 'openapi-backend';
import { parseBody } from '../http/request-body.ts';
import { loadSpecDocument } from '../openapi/spec-document.ts';
import { locatedDetails } from '../openapi/validation-details.ts';
import { processCachedFor } from '../platform/process-cache.ts';
import type { PactBody } from './pact-interaction.ts';
import { fieldsNotDeclared, partialErrors } from './partial-body.ts';
import type { Problem } from './response-conformance.ts';

/** openapi-backend's `ValidationContext.Response`, named without loading the package for an enum. */
const RESPONSE_CONTEXT = 'responseValidator' as ValidationContext.Response;

const WHERE = 'message.contents';

/** `order.status_changed` → `OrderStatusChangedEvent`, read from the document's `WebhookEvent`. */
function eventSchemaNames(): Map<string, string> {
  const schemas = ((loadSpecDocument()['components'] as Record<string, unknown> | undefined)?.['schemas'] ?? {}) as Record<string, Record<string, unknown>>;
  const members = (schemas['WebhookEvent']?.['oneOf'] ?? []) as Array<{ $ref?: string }>;
  return new Map(
    members.flatMap(({ $ref }) => {
      const name = $ref?.split('/').at(-1) ?? '';
      const type = ((schemas[name]?.['properties'] as Record<string, { enum?: string[] }> | undefined)?.['type']?.enum ?? [])[0];
      return type ? [[type, name] as const] : [];
    }),
  );
}

export function messageProblems(backend: OpenAPIBackend, content: PactBody | undefined): { schema?: string; problems: Problem[] } {
  if (!content) return { problems: [{ where: WHERE, message: 'the message has no content' }] };
  const read = content.kind === 'value' ? { ok: true as const, body: content.value } : parseBody(content.text, content.contentType);
  if (!read.ok) return { problems: [{ where: WHERE, message: 'not JSON: a webhook body is JSON' }] };
  const names = eventSchemaNames();
  const type = (read.body as { type?: unknown } | null)?.type;
  const schemaName = typeof type === 'string' ? names.get(type) : undefined;
  if (!schemaName) {
    return { problems: [{ where: `${WHERE}.type`, message: `${JSON.stringify(type)} is not a webhook event of the document (${[...names.keys()].join(', ')})` }] };
  }
  const schema = ((backend.definition.components?.schemas ?? {}) as Record<string, object>)[schemaName] ?? {};
  const compiled = processCachedFor('message-checks', backend, () => new Map<string, ValidateFunction>());
  let check = compiled.get(schemaName);
  if (!check) {
    check = backend.validator.getAjv(RESPONSE_CONTEXT).compile(schema);
    compiled.set(schemaName, check);
  }
  const invalid = check(read.body) ? [] : locatedDetails(partialErrors(check.errors ?? []), 'body');
  const undeclared = fieldsNotDeclared(read.body, schema).map((field) => ({ where: WHERE, message: `${field}: not a field of ${schemaName}` }));
  return { schema: schemaName, problems: [...invalid.map((detail) => ({ where: WHERE, message: `${detail.path}: ${detail.message}` })), ...undeclared] };
}
