/**
 * The cases of a webhook drill, in the order docs/webhooks.md lists them, and for each what is sent and what a
 * correct receiver does (the reports repeat it beside each failure).
 */
export const DRILL_CASES = [
  'valid',
  'duplicate',
  'out-of-order',
  'delayed',
  'forged',
  'tampered',
  'stale',
  'replayed',
  'unsigned',
  'rotation',
  'slow-path',
] as const;

export type DrillCaseName = (typeof DRILL_CASES)[number];

export const CASE_TEXTS: Readonly<Record<DrillCaseName, { sent: string; correct: string }>> = {
  valid: {
    sent: 'an order.status_changed (PAID) correctly signed now',
    correct: 'verifies the signature over the raw body and answers 2xx within the timeout',
  },
  duplicate: {
    sent: 'a payment.status_changed (PAID) twice: the same event id and the same body',
    correct: 'answers 2xx to both and acts once per event id (an idempotent receipt)',
  },
  'out-of-order': {
    sent: "a subscription's recovery (ACTIVE) before the failure that preceded it (PAST_DUE)",
    correct: "answers 2xx to both and orders by the record's state, not by arrival",
  },
  delayed: {
    sent: 'a payment.status_changed (FAILED) whose createdAt is 2 hours old on the mock clock, signed now',
    correct: 'answers 2xx: only the signature timestamp must be recent, not the event',
  },
  forged: {
    sent: 'a valid body signed with a secret the receiver does not hold',
    correct: 'answers 4xx: no signature matches its secret',
  },
  tampered: {
    sent: 'a correctly signed body whose data.status was changed after signing',
    correct: 'answers 4xx: the signature is computed over the raw bytes received',
  },
  stale: {
    sent: 'a correct signature over a timestamp 10 minutes old (real time)',
    correct: 'answers 4xx: the timestamp is outside the tolerance (5 minutes)',
  },
  replayed: {
    sent: 'the valid case\'s delivery again, as captured 6 minutes ago: same event id, body and signature timestamp',
    correct: 'answers 4xx: checks the timestamp before treating it as a known event',
  },
  unsigned: {
    sent: 'a valid body without any signature header',
    correct: 'answers 4xx: a delivery without a signature is refused',
  },
  rotation: {
    sent: "a delivery signed with a new secret and with the receiver's, both signatures in the one header",
    correct: 'answers 2xx: accepts when any of the signatures matches',
  },
  'slow-path': {
    sent: 'two deliveries at once: the second arrives while the first is still open',
    correct: 'answers both 2xx within the timeout (work that takes long is queued after answering)',
  },
};
