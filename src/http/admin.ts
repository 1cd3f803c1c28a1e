/**
 * The admin API under /__admin: hand-written routes (they are not part of the service's contract), never
 * rate limited, refused on a non-loopback host unless the configured admin token is presented.
 */
import { type NextFunction, type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { CLOCK_RANGE, isWithinClockRange } from '../clock.ts';
import { failure } from '../core/failures.ts';
import type { Policy } from '../core/policy.ts';
import { okData, type Reply } from '../core/reply.ts';
import type { AppDeps } from '../deps.ts';
import { silentLogger } from '../log.ts';
import { sameSecret } from '../tokens/rules.ts';
import { isLoopback } from './loopback.ts';
import { readBody } from './request-body.ts';
import { requestContext } from './request-context.ts';
import { sendReply } from './send-reply.ts';

export interface AdminActions {
  /** Back to the initial state: store emptied (and re-seeded), rate-limit windows cleared. */
  reset(): Promise<void>;
  /** The policy an admin request's context carries (admin answers do not depend on it). */
  basePolicy(): Policy;
}

const ADMIN_BODY_LIMIT_BYTES = 64 * 1024;

const clockChange = z
  .strictObject({
    advanceSeconds: z.number().finite().optional(),
    set: z.iso.datetime({ offset: true }).optional(),
    freeze: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'send advanceSeconds, set or freeze' });

export function createAdminRouter(deps: AppDeps, actions: AdminActions): Router {
  const router = Router();
  const reply = (req: Request, res: Response, result: Reply) =>
    sendReply(res, requestContext(req, deps, actions.basePolicy()), result, deps.observers);

  router.use((req, res, next) => (adminAllowed(req, deps) ? next() : reply(req, res, failure('invalid_token'))));
  router.use(async (req, res, next) => {
    const body = await readBody(req, res, ADMIN_BODY_LIMIT_BYTES);
    if (!body.ok) return reply(req, res, body);
    req.body = body.body;
    next();
  });

  router.get('/clock', (req, res) => reply(req, res, okData(deps.clock.state())));
  router.post('/clock', (req, res) => {
    const parsed = clockChange.safeParse(req.body ?? {});
    if (!parsed.success) {
      const details = parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || 'body', message: issue.message }));
      return reply(req, res, failure('invalid_request', { details }));
    }
    const { advanceSeconds, set, freeze } = parsed.data;
    const target = (set === undefined ? deps.clock.nowMs() : Date.parse(set)) + (advanceSeconds ?? 0) * 1000;
    if (!isWithinClockRange(target)) {
      const message = `o relógio deve ficar entre ${new Date(CLOCK_RANGE.from).toISOString()} e ${new Date(CLOCK_RANGE.until).toISOString()}`;
      return reply(req, res, failure('invalid_request', { details: [{ path: set === undefined ? 'advanceSeconds' : 'set', message }] }));
    }
    if (freeze !== undefined) deps.clock.freeze(freeze);
    if (set !== undefined) deps.clock.set(new Date(set));
    if (advanceSeconds !== undefined) deps.clock.advance(advanceSeconds);
    return reply(req, res, okData(deps.clock.state()));
  });
  router.post('/reset', async (req, res) => {
    await actions.reset();
    reply(req, res, okData({ reset: true }));
  });
  const wrongMethod = (allow: string) => (req: Request, res: Response) =>
    reply(req, res, failure('method_not_allowed', { headers: { Allow: allow } }));
  router.all('/clock', wrongMethod('GET, HEAD, POST'));
  router.all('/reset', wrongMethod('POST'));
  router.use((req, res) => reply(req, res, failure('not_found')));
  // What throws (a reset whose write fails on a full disk) is logged and answered as the JSON 500, like the API.
  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    (deps.logger ?? silentLogger).error(`${req.method} ${req.baseUrl}${req.path}: ${String((error as Error)?.stack ?? error)}`);
    if (!res.headersSent) reply(req, res, failure('internal'));
  });
  return router;
}

function adminAllowed(req: Request, deps: AppDeps): boolean {
  if (isLoopback(deps.config.host)) return true;
  const expected = deps.config.adminToken;
  // The scheme name is case-insensitive (RFC 9110 §11.1), as the API's bearer check treats it.
  const presented = /^Bearer +(\S+) *$/i.exec(req.get('authorization') ?? '')?.[1];
  return expected !== undefined && presented !== undefined && sameSecret(presented, expected);
}
