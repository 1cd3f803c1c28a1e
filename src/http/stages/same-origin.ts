/**
 * Refuses (403 `origem_recusada`) a state-changing request a page of another site made a browser send: its
 * `Origin` is neither the mock's own nor one of `allowed`, or it is marked `Sec-Fetch-Site: cross-site` (see
 * ../request-site.ts). GET, HEAD and OPTIONS always go on.
 */
import { crossSiteRefusal } from '../request-site.ts';
import type { Stage } from '../stage.ts';

export function sameOrigin(allowed: readonly string[]): Stage {
  return {
    name: 'same-origin',
    run(request, next) {
      const refusal = crossSiteRefusal(request.context.method, request.incoming.headers, request.incoming.site, allowed);
      return refusal ?? next(request);
    },
  };
}
