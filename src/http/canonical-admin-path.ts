import type { NextFunction, Request, Response } from 'express';
import { ADMIN_PREFIX, adminRouteOf } from '../domain/admin-path.ts';

/**
 * Express, first of all: a request the shared rule calls the admin API's is served under the canonical prefix, so
 * the console, its redirect and the admin API's mount all see one spelling (`/%5F%5FADMIN/clock` is
 * `/__admin/clock`); the journal shows it so. A path with a dot segment is left as sent: no route takes it (404).
 */
export function canonicalAdminPath(req: Request, _res: Response, next: NextFunction): void {
  const under = adminRouteOf(req.path);
  if (under !== undefined) {
    const query = req.url.indexOf('?');
    req.url = `${ADMIN_PREFIX}${under === '/' ? '' : under}${query === -1 ? '' : req.url.slice(query)}`;
  }
  next();
}
