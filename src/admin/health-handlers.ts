/**
 * `GET /__admin/health`: answers as soon as the mock does, without the admin token (spec/admin.yaml declares it
 * open) and outside any rate limit, so a container's HEALTHCHECK or a CI job can wait on it. Uptime is real time
 * since the app was created, on the monotonic clock: moving the mock clock does not change it.
 */
import { monotonicMs } from '../platform/clock.ts';
import type { AdminHandlerTable } from '../handlers/handler.ts';
import type { Reply } from '../domain/reply.ts';
import { packageVersion } from '../platform/package-files.ts';
import type { AdminContext } from './admin-context.ts';

export function healthHandlers(admin: Pick<AdminContext, 'startedMs' | 'deps'>) {
  return {
    getHealth: (): Reply => ({
      ok: true,
      status: 200,
      body: {
        status: 'ok',
        version: packageVersion(),
        uptimeSeconds: Math.floor((monotonicMs() - admin.startedMs) / 1000),
        // Where the console links a traced request (docs/tracing.md); not a secret.
        ...(admin.deps.config.traceUrl && { traceUrl: admin.deps.config.traceUrl }),
      },
      headers: { 'Cache-Control': 'no-store' },
    }),
  } satisfies Partial<AdminHandlerTable>;
}
