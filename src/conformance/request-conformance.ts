/**
 * Whether the service accepts a contract's request, judged by the same pieces the server runs: the API prefixes
 * and the router (404, 405), the body reader (400 on an unreadable body), the operation's security (401) and the
 * request validator (400 naming each field). Each problem carries the status the service answers for it, so an
 * interaction that expects that refusal is allowed.
 */
import { basicCredentials, withBasicClientCredentials } from '../http/basic-credentials.ts';
import { mediaType } from '../openapi/media-type.ts';
import { documentedMediaTypes, unsupportedMediaType } from '../http/media-types.ts';
import type { OpenApiRouter, Operation } from '../openapi/openapi-router.ts';
import { BODY_LIMIT_BYTES, parseBody } from '../http/request-body.ts';
import { apiPrefixes, stripApiPrefix } from '../openapi/spec-document.ts';
import { securityNeeds } from '../http/security-needs.ts';
import { isDecodable } from '../http/routing.ts';
import { ownBodyLimit } from '../http/request-body.ts';
import { locatedDetails } from '../openapi/validation-details.ts';
import type { PactRequest } from './pact-interaction.ts';
import type { Problem } from './response-conformance.ts';

/** A problem of the request, and the status the service answers it with (the first problem's is what it sends). */
export interface RequestProblem extends Problem {
  answer: number;
}

export interface RequestCheck {
  operation?: Operation;
  problems: RequestProblem[];
}

/** What a validation error names (the first segment of its path) → the part of the request at fault. */
const WHERE: Record<string, string> = { requestBody: 'request.body', query: 'request.query', path: 'request.path', header: 'request.headers' };

export function requestProblems(router: OpenApiRouter, request: PactRequest): RequestCheck {
  const apiPath = stripApiPrefix(request.path);
  if (apiPath === undefined) {
    return refused(404, 'request.path', `${request.path} is under none of the API prefixes (${apiPrefixes().join(', ')})`);
  }
  if (!isDecodable(apiPath)) return refused(400, 'request.path', `${request.path} has a malformed percent-encoding`);
  // RFC 9110 §9.3.2: the server answers HEAD as GET.
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const literal = router.literalPathMethods(apiPath);
  const operation = literal && !literal.includes(method) ? undefined : router.match(method, apiPath);
  if (!operation) {
    const allowed = literal ?? router.allowedMethods(apiPath);
    if (allowed.length === 0) return refused(404, 'request.path', `no operation at ${request.path}`);
    return refused(405, 'request.method', `${request.method} is not allowed on ${request.path} (allowed: ${allowed.join(', ')})`);
  }
  const operationId = operation.operationId ?? `${method} ${operation.path}`;
  const problems: RequestProblem[] = [];
  const read = readRequestBody(operation, operationId, request);
  problems.push(...read.problems);
  const needs = securityNeeds(router, operation);
  const authorization = request.headers['authorization'];
  let body = read.body;
  if (needs.takesBasic) body = withBasicClientCredentials(body, authorization);
  if (needs.needsBearer && !/^Bearer +\S+/i.test(authorization ?? '')) {
    problems.push({ answer: 401, where: 'request.headers', message: `${operationId} needs Authorization: Bearer <token>` });
  } else if (!needs.needsBearer && needs.takesBasic && authorization !== undefined && !basicCredentials(authorization)) {
    problems.push({ answer: 401, where: 'request.headers', message: `${operationId} takes only Basic client credentials in Authorization` });
  }
  const headers = { ...request.headers, ...(read.contentType ? { 'content-type': read.contentType } : {}) };
  const validation = router.validate({ method, path: apiPath, query: request.query, headers, body }, operation);
  if (!validation.ok) {
    // A body the reader refused is reported once, not again as a missing body.
    const details = locatedDetails(validation.errors).filter((detail) => read.problems.length === 0 || detail.location !== 'requestBody');
    for (const detail of details) {
      problems.push({ answer: 400, where: WHERE[detail.location] ?? 'request', message: `${detail.path}: ${detail.message}` });
    }
  }
  return { operation, problems };
}

function refused(answer: number, where: string, message: string): RequestCheck {
  return { problems: [{ answer, where, message }] };
}

interface ReadBody {
  body: unknown;
  contentType?: string;
  problems: RequestProblem[];
}

/** The body as the server's reader gives it to the validator, and what it refuses (400). */
function readRequestBody(operation: Operation, operationId: string, request: PactRequest): ReadBody {
  const sent = request.body;
  if (sent === undefined) return { body: undefined, problems: [] };
  // The server stops reading past the limit (the operation's own, else 1 MiB) and answers 413 before anything else.
  const limit = ownBodyLimit(operation) ?? BODY_LIMIT_BYTES;
  const bytes = Buffer.byteLength(sent.kind === 'text' ? sent.text : (JSON.stringify(sent.value) ?? ''), 'utf8');
  if (bytes > limit) return { body: undefined, problems: [{ answer: 413, where: 'request.body', message: `${bytes} bytes, over ${operationId}'s limit of ${limit}` }] };
  const contentType = sent.contentType ?? request.headers['content-type'];
  const accepted = documentedMediaTypes(operation);
  // The server reads no body of a GET or HEAD, and the document gives such operations none.
  if (accepted.length === 0) return { body: undefined, problems: [{ answer: 400, where: 'request.body', message: `${operationId} takes no body` }] };
  const type = mediaType(contentType) ?? 'application/json';
  if (unsupportedMediaType(operation, type)) {
    return { body: undefined, contentType, problems: [{ answer: 415, where: 'request.body', message: `content type ${type} is not accepted by ${operationId} (accepted: ${accepted.join(', ')})` }] };
  }
  if (sent.kind === 'value') return { body: sent.value, contentType: contentType ?? type, problems: [] };
  const read = parseBody(sent.text, contentType);
  if (!read.ok) return { body: undefined, contentType, problems: [{ answer: 400, where: 'request.body', message: `not ${type} text` }] };
  return { body: read.body, contentType, problems: [] };
}
