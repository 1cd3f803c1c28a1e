/**
 * `metadata` is free-form JSON: at most 50 keys (checked by the schema), 8 KiB and 16 levels of nesting (checked
 * here). The depth bound keeps every later step (copies, journal lines, replies) far from any recursion limit.
 */
import type { ErrorDetail } from '../errors/failures.ts';

export const METADATA_MAX_BYTES = 8 * 1024;
export const METADATA_MAX_DEPTH = 16;

/** The detail for a `metadata` too large or too deep, if any; `at` is the path of the record (`products[3]`). */
export function metadataProblem(fields: object, at = ''): ErrorDetail | undefined {
  const metadata = (fields as { metadata?: unknown }).metadata;
  if (metadata === undefined) return undefined;
  const path = at ? `${at}.metadata` : 'metadata';
  if (exceedsDepth(metadata, METADATA_MAX_DEPTH)) return { path, message: `deve ter no máximo ${METADATA_MAX_DEPTH} níveis de aninhamento` };
  const bytes = Buffer.byteLength(JSON.stringify(metadata), 'utf8');
  if (bytes <= METADATA_MAX_BYTES) return undefined;
  return { path, message: `deve ter no máximo ${METADATA_MAX_BYTES} bytes` };
}

/** Whether objects and lists nest deeper than `max` (the value itself is level 1); iterative, so any depth is safe. */
function exceedsDepth(value: unknown, max: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
}
