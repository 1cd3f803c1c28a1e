/** The domain event of a catalogue upsert: `product.created`, `customer.updated`, … */
import type { RecordEvent } from '../domain/events.ts';
import type { CatalogKind } from './catalog-kinds.ts';
import type { Upsert } from './upsert.ts';

export function recordEvent(kind: CatalogKind, clientId: string, upsert: Upsert): RecordEvent {
  return {
    type: upsert.created ? kind.events.created : kind.events.updated,
    clientId,
    at: String(upsert.record['updatedAt']),
    recordId: upsert.record.id,
  };
}
