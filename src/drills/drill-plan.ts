/**
 * A drill's plan: which cases, in which order, sending which changes of the story under which event ids, signed
 * how. Everything comes from the seed (ids, the order of the cases after `valid`, the wrong and the rotated
 * secrets), so one seed gives one plan; the bodies' times are read from the mock clock when the drill runs.
 */
import type { Faker } from '@faker-js/faker';
import type { WebhookFormat } from '../domain/webhook-secret.ts';
import { createSeededFaker, seededId } from '../platform/random.ts';
import { CASE_TEXTS, type DrillCaseName } from './drill-cases.ts';
import { drillStory, recordOf, type StoryChange } from './drill-story.ts';

/**
 * How a delivery is signed: `fresh` (now, with the receiver's secret), `wrong-secret`, `tampered` (the body
 * changed after signing), `stale` (10 minutes ago), `replayed` (6 minutes ago), `unsigned`, `rotation` (a new
 * secret and the receiver's).
 */
export type Signing = 'fresh' | 'wrong-secret' | 'tampered' | 'stale' | 'replayed' | 'unsigned' | 'rotation';

export interface PlannedDelivery {
  eventId: string;
  deliveryId: string;
  change: StoryChange;
  signing: Signing;
}

export interface PlannedCase {
  name: DrillCaseName;
  /** `accept`: every delivery answered 2xx in time; `refuse`: every delivery answered 4xx in time. */
  expect: 'accept' | 'refuse';
  /** Sent all at once (the slow path) rather than one after the other. */
  together: boolean;
  deliveries: PlannedDelivery[];
}

export interface DrillPlan {
  seed: number;
  format: WebhookFormat;
  cases: PlannedCase[];
  /** A secret the receiver does not hold (forged), and the "new" secret of the rotation case. */
  wrongSecret: string;
  rotatedSecret: string;
}

export function drillPlan(seed: number, format: WebhookFormat): DrillPlan {
  const faker = createSeededFaker(seed);
  const story = drillStory(faker);
  const deliver = (change: StoryChange, signing: Signing = 'fresh', eventId = seededId(faker, 'evt')): PlannedDelivery => ({
    eventId,
    deliveryId: seededId(faker, 'whd'),
    change,
    signing,
  });
  const one = (name: DrillCaseName, expect: PlannedCase['expect'], ...deliveries: PlannedDelivery[]): PlannedCase => ({
    name,
    expect,
    together: name === 'slow-path',
    deliveries,
  });
  const valid = deliver(story.orderPaid);
  const duplicated = deliver(story.orderPaymentPaid);
  const others = [
    one('duplicate', 'accept', duplicated, deliver(story.orderPaymentPaid, 'fresh', duplicated.eventId)),
    one('out-of-order', 'accept', deliver(story.recovered), deliver(story.pastDue)),
    one('delayed', 'accept', deliver(story.chargeFailed)),
    one('forged', 'refuse', deliver(story.chargePaid, 'wrong-secret')),
    one('tampered', 'refuse', deliver(story.chargePaid, 'tampered')),
    one('stale', 'refuse', deliver(story.pastDue, 'stale')),
    // The `valid` case's own delivery, captured and sent again later: same event id, same body, its old timestamp.
    one('replayed', 'refuse', { ...valid, signing: 'replayed' }),
    one('unsigned', 'refuse', deliver(story.recovered, 'unsigned')),
    one('rotation', 'accept', deliver(story.chargePaid, 'rotation')),
    one('slow-path', 'accept', deliver(story.pastDue), deliver(story.recovered)),
  ];
  return {
    seed,
    format,
    // `valid` first: it is the receiver's first answer (an unreachable receiver is told at once), and `replayed` repeats it.
    cases: [one('valid', 'accept', valid), ...faker.helpers.shuffle(others)],
    wrongSecret: secretOf(faker, format),
    rotatedSecret: secretOf(faker, format),
  };
}

/** A seeded secret of the format: `whsec_` and base64 of 32 bytes (standard), or 32 characters (mock). */
function secretOf(faker: Faker, format: WebhookFormat): string {
  if (format === 'mock') return `drill_${faker.string.alphanumeric(32)}`;
  const bytes = Buffer.from(Array.from({ length: 32 }, () => faker.number.int(255)));
  return `whsec_${bytes.toString('base64')}`;
}

/** The plan as the admin API and the reports show it: no secret, no body; what each delivery is and how it is signed. */
export function planView(planned: PlannedCase) {
  return {
    name: planned.name,
    expect: planned.expect,
    sent: CASE_TEXTS[planned.name].sent,
    correct: CASE_TEXTS[planned.name].correct,
    deliveries: planned.deliveries.map(({ eventId, deliveryId, change, signing }) => ({
      eventId,
      deliveryId,
      event: change.type,
      recordId: recordOf(change),
      status: change.status,
      signing,
      ageSeconds: change.ageSeconds,
    })),
  };
}
