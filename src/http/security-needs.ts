/** What an operation's security requirements ask, read from the document's schemes (authenticate, Prefer answers). */
import type { OpenApiRouter, Operation } from '../openapi/openapi-router.ts';

export interface SecurityNeeds {
  /** A requirement names an HTTP basic scheme: client credentials may come in the header. */
  takesBasic: boolean;
  /** Some requirement must be met and none is met by basic credentials alone. */
  needsBearer: boolean;
}

export function securityNeeds(router: OpenApiRouter, operation: Operation | undefined): SecurityNeeds {
  const isBasic = (name: string) => {
    const found = router.securityScheme(name);
    return found?.type === 'http' && found.scheme?.toLowerCase() === 'basic';
  };
  const requirements = (operation?.security ?? []) as Array<Record<string, unknown>>;
  return {
    takesBasic: requirements.some((requirement) => Object.keys(requirement).some(isBasic)),
    needsBearer: requirements.length > 0 && !requirements.some((requirement) => Object.keys(requirement).every(isBasic)),
  };
}
