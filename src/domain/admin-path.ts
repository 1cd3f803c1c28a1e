/**
 * Which request paths are a mock's admin API: the one rule the admin API's mount (server/create-app.ts) and the webhook URL
 * guard (webhook-url.ts) share, so no spelling reaches one without the other knowing it. A path is the admin API's
 * when, read as a server may read it, its first segment is `__admin`: in any letter case (Express matches mounts
 * case-insensitively), percent-encoded (`%5F%5Fadmin`), after empty segments (`//__admin`) and once dot segments
 * are resolved (`/x/../__admin`, `%2e%2e` included). A trailing slash or none is the same path.
 */

export const ADMIN_PREFIX = '/__admin';

const ADMIN_SEGMENT = ADMIN_PREFIX.slice(1);


/**
 * The path under the admin API (`/clients/x`, `/` for the prefix itself), or undefined when the path is not the
 * admin API's. The rest is kept as sent (its escapes too); only its dot segments are resolved.
 */
export function adminPathOf(path: string): string | undefined {
  // Nothing to normalise (no escape, no dot, no empty first segment): the common case, on every API request.
  if (path.charCodeAt(0) === 47 && path.charCodeAt(1) !== 47 && !path.includes('%') && !path.includes('.')) {
    const end = path.indexOf('/', 1);
    const first = end === -1 ? path.slice(1) : path.slice(1, end);
    if (first.length !== ADMIN_SEGMENT.length || first.toLowerCase() !== ADMIN_SEGMENT) return undefined;
    return end === -1 ? '/' : path.slice(end);
  }
  const segments = withoutDotSegments(path.split('/').slice(1));
  while (segments[0] === '' && segments.length > 1) segments.shift();
  if (decodedSegment(segments[0] ?? '').toLowerCase() !== ADMIN_SEGMENT) return undefined;
  return `/${segments.slice(1).join('/')}`;
}

/**
 * The path under the admin API as its router reads it: as `adminPathOf`, but a path holding a dot segment is
 * refused (undefined: a 404), never resolved. Resolving let an id `..` reach another route
 * (`/__admin/clients/../clock/advance` moved the global clock); `adminPathOf` still resolves them, so the webhook
 * guard and the proxy treat every spelling a server might resolve as the admin API's.
 */
export function adminRouteOf(path: string): string | undefined {
  return hasDotSegment(path) ? undefined : adminPathOf(path);
}

/** Whether a segment is `.` or `..`, percent-encoded in any case (`%2e%2E`, `.%2e`) too. */
export function hasDotSegment(path: string): boolean {
  if (!path.includes('.') && !path.includes('%')) return false;
  return path.split('/').some((segment) => {
    const plain = decodedSegment(segment);
    return plain === '.' || plain === '..';
  });
}

/** RFC 3986 §5.2.4 on segments, `.` and `..` recognised in their percent-encoded forms too (as WHATWG URL does). */
function withoutDotSegments(segments: readonly string[]): string[] {
  const kept: string[] = [];
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    const plain = decodedSegment(segment);
    if (plain === '.' || plain === '..') {
      if (plain === '..') kept.pop();
      // `/a/..` names the folder `/`: a trailing dot segment leaves a trailing slash.
      if (last) kept.push('');
      return;
    }
    kept.push(segment);
  });
  return kept;
}

/** A path segment percent-decoded, or as it is when it does not decode (a lone `%`): for reading, never for routing. */
export function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
