/**
 * The application as a node:http server serves it: a request to the API's mount (`/v1`, `/api/v1`, `/api`) goes
 * from the listener straight to the API's stages; every other one (the admin API, the pages, the docs, a path under
 * no mount) to the Express application, which serves the API too when a user mounts it in a server of their own.
 * Both run the same stages with the same request state (../http/serve-stages.ts); Express only costs what it
 * adds to every request (its own request and response prototypes, its router's layers) off the API's path.
 */
import type { RequestListener } from 'node:http';
import { targetOf } from '../http/request-context.ts';
import { apiMount } from '../http/routing.ts';
import { adminPathOf } from '../domain/admin-path.ts';
import type { StageListener } from '../http/serve-stages.ts';

export function appListener(serveApi: StageListener, rest: RequestListener): RequestListener {
  return (req, res) => {
    const target = targetOf(req.url ?? '/');
    // `/v1/../__admin/reset` is the admin API's, as the admin rule reads it (domain/admin-path.ts).
    if (apiMount(target.path) === undefined || adminPathOf(target.path) !== undefined) return rest(req, res);
    void serveApi(req, res, target);
  };
}
