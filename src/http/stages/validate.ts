/** Validates parameters and body against the operation's schemas: 400 `invalid_request` naming each field. */
import type { OpenApiRouter } from '../../openapi/openapi-router.ts';
import type { Stage } from '../stage.ts';
import { parseQuery } from '../query.ts';
import { validationFailure } from '../../openapi/validation-details.ts';

export function validate(router: OpenApiRouter): Stage {
  return {
    name: 'validate',
    run(request, next) {
      if (!request.operation) throw new Error('validate runs after route');
      const result = router.validate(
        {
          method: request.routeMethod ?? request.context.method,
          path: request.apiPath ?? '',
          query: parseQuery(request.incoming.rawQuery),
          headers: request.incoming.headers as Record<string, string | string[]>,
          body: request.body,
        },
        request.operation,
      );
      if (!result.ok) return validationFailure(result.errors);
      request.parsed = result.parsed;
      return next(request);
    },
  };
}
