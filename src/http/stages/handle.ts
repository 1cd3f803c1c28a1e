/** Calls the operation's handler with the validated request. */
import type { OperationInput } from '../../handlers/handler.ts';
import type { Reply } from '../../domain/reply.ts';
import type { Stage } from '../stage.ts';

/** `handlers`: the API's `HandlerTable`, or the admin API's table (same shape, its own operationIds). */
export function handle(handlers: object): Stage {
  return {
    name: 'handle',
    run(request) {
      const operationId = request.operation?.operationId;
      // The validate stage let through only a body of the operation's declared type.
      const byId = handlers as Readonly<Record<string, (input: OperationInput) => Reply | Promise<Reply>>>;
      const handler = operationId === undefined ? undefined : byId[operationId];
      if (!handler || !request.parsed) throw new Error(`no handler or no validated input for ${operationId}`);
      return handler({
        context: request.context,
        principal: request.context.principal,
        world: request.world,
        params: request.parsed.params,
        query: request.parsed.query,
        body: request.parsed.body,
        headers: request.incoming.headers,
      });
    },
  };
}
