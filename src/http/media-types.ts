/**
 * Which media types a request body may have: those the operation's `requestBody.content` lists (the token
 * operations take form-encoded bodies besides JSON, as OAuth clients send them), JSON where it lists none. The
 * server's stage and the pact check both judge with this.
 */
import { failure, type Failure } from '../errors/failures.ts';
import { mediaType } from '../openapi/media-type.ts';
import type { Operation } from '../openapi/openapi-router.ts';

/** The media types the document lists for the operation's request body (none when it takes no body). */
export function documentedMediaTypes(operation: Operation | undefined): string[] {
  return Object.keys((operation?.requestBody as { content?: object } | undefined)?.content ?? {});
}

/** 415 for a Content-Type the operation does not take; undefined when it does or none was sent (JSON is assumed). */
export function unsupportedMediaType(operation: Operation | undefined, contentType: string | undefined): Failure | undefined {
  const type = mediaType(contentType);
  if (type === undefined) return undefined;
  const accepted = documentedMediaTypes(operation);
  const allowed = accepted.length > 0 ? accepted : ['application/json'];
  if (allowed.includes(type)) return undefined;
  return failure('content_type_not_accepted', { type: type.slice(0, 100), accepted: allowed.join(', ') });
}
