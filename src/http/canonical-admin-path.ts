import type { NextFunction, Request, Response } from 'express';
import { ADMIN_PREFIX, adminPathOf } from '../domain/admin-path.ts';

/**
 * Express, first of all: a request the shared rule calls the admin API's is served under the canonical prefix, so
 * the console, its redirect and the admin API's mount all see one spelling (`/%5F%5FADMIN/x/../clock` is
 * `/__admin/clock`); the journal shows it so.
 */
export function canonicalAdminPath(req: Request, _res: Response, next: NextFunction): void {
  const under = adminPathOf(req.path);
  if (under !== undefined) {
    const query = req.url.indexOf('?');
    req.url = `${ADMIN_PREFIX}${under === '/' ? '' : under}${query === -1 ? '' : req.url.slice(query)}`;
  }
  next();
}
