/** Counts every API request against its IP's window (its caller's world's, see rate-windows.ts); past the limit, 429 `muitas_requisicoes` with Retry-After. */
import { failure } from '../errors/failures.ts';
import type { RateLimiter } from './rate-windows.ts';
import type { Stage } from '../http/stage.ts';

export function rateLimit(limiter: RateLimiter): Stage {
  return {
    name: 'rate-limit',
    run(request, next) {
      const decision = limiter.hit(request.context.ip, request.context.policy.rateLimit, request.world);
      if (!decision) return next(request);
      request.context.replyHeaders = {
        ...request.context.replyHeaders,
        'RateLimit-Limit': String(decision.limit),
        'RateLimit-Remaining': String(decision.remaining),
        'RateLimit-Reset': String(decision.resetSeconds),
      };
      const { allowed } = decision;
      if (!allowed) return failure('rate_limited', { headers: { 'Retry-After': String(decision.resetSeconds) } });
      return next(request);
    },
  };
}
