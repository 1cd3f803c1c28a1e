/** What an operation's security requirements ask, read from the document's schemes (authenticate, Prefer answers). */
import type { OpenApiRouter, Operation } from '../openapi/openapi-router.ts';
import { CLIENT_NAMING_FIELDS } from './client-naming-fields.ts';
import { processCachedFor } from '../platform/process-cache.ts';

export interface SecurityNeeds {
  /** A requirement names an HTTP basic scheme: client credentials may come in the header. */
  takesBasic: boolean;
  /**
   * The client may be named in the body: the operation takes client credentials, or its body has a field that
   * names a client (`client_id`, or a token it holds: `refresh_token`, `token`).
   */
  bodyNamesClient: boolean;
  /** Some requirement must be met and none is met by basic credentials alone. */
  needsBearer: boolean;
}

/** Asked at every request (authenticate, the caller, scenario rules): each operation's needs are read once. */
export function securityNeeds(router: OpenApiRouter, operation: Operation | undefined): SecurityNeeds {
  return operation === undefined ? needsOf(router, undefined) : processCachedFor('security-needs', operation, () => needsOf(router, operation));
}

function needsOf(router: OpenApiRouter, operation: Operation | undefined): SecurityNeeds {
  const isBasic = (name: string) => {
    const found = router.securityScheme(name);
    return found?.type === 'http' && found.scheme?.toLowerCase() === 'basic';
  };
  const requirements = (operation?.security ?? []) as Array<Record<string, unknown>>;
  const takesBasic = requirements.some((requirement) => Object.keys(requirement).some(isBasic));
  return {
    takesBasic,
    bodyNamesClient: takesBasic || bodyFieldsOf(operation).some((field) => CLIENT_NAMING_FIELDS.includes(field as (typeof CLIENT_NAMING_FIELDS)[number])),
    needsBearer: requirements.length > 0 && !requirements.some((requirement) => Object.keys(requirement).every(isBasic)),
  };
}

/** The properties the operation's JSON body declares (the document's references already resolved by the router). */
function bodyFieldsOf(operation: Operation | undefined): string[] {
  const body = operation?.requestBody as { content?: Record<string, { schema?: { properties?: object } }> } | undefined;
  return Object.keys(body?.content?.['application/json']?.schema?.properties ?? {});
}
