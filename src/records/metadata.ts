/** `metadata` is free-form JSON, at most 50 keys (checked by the schema) and 8 KiB (checked here). */
import type { ErrorDetail } from '../core/failures.ts';

export const METADATA_MAX_BYTES = 8 * 1024;

/** The detail for an oversized `metadata`, if any; `at` is the path of the record (`products[3]`). */
export function metadataProblem(fields: object, at = ''): ErrorDetail | undefined {
  const metadata = (fields as { metadata?: unknown }).metadata;
  if (metadata === undefined) return undefined;
  const bytes = Buffer.byteLength(JSON.stringify(metadata), 'utf8');
  if (bytes <= METADATA_MAX_BYTES) return undefined;
  return { path: at ? `${at}.metadata` : 'metadata', message: `deve ter no máximo ${METADATA_MAX_BYTES} bytes` };
}
