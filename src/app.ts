/**
 * createApp(deps): the express application — /__admin, then the spec-routed API. No I/O of its own:
 * sockets belong to main.ts, files to the store.
 */
import express, { type Express } from 'express';
import type { AppDeps } from './deps.ts';
import { createAdminRouter } from './http/admin.ts';
import { createApiRouter } from './http/api-router.ts';
import { createApiPipeline } from './http/pipeline.ts';
import { createRateLimiter } from './http/rate-limit.ts';
import { seedInitialData } from './fake/seed-initial-data.ts';

export async function createApp(deps: AppDeps): Promise<Express> {
  const router = await createApiRouter();
  const limiter = createRateLimiter(deps.config.rateLimit, deps.clock);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(
    '/__admin',
    createAdminRouter(deps, {
      async reset() {
        deps.store.clear();
        seedInitialData(deps);
        limiter.reset();
        await deps.store.commit();
      },
    }),
  );
  app.use(createApiPipeline(router, limiter, deps));
  return app;
}
