/**
 * Provider states from the payer outcome catalogue (src/domain/payer-outcomes.ts): one per row, e.g. `an order
 * whose payer has insufficient balance`. Each places an order through the public API whose new customer has the
 * row's M-Pesa number, then lets it reach what a merchant would observe: a row decided when the payer answers is
 * polled three times (the default progression's 3rd poll), an expiring prompt has its 60 s pass on the mock clock;
 * a stuck or slow payment stays PENDING. Only a mock knows the numbers, so each state is mock-only.
 */
import { PAYER_OUTCOMES, catalogueNumber, type PayerOutcome } from '../domain/payer-outcomes.ts';
import { DEFAULT_PAYER } from '../domain/policy.ts';
import { dataField } from './provider-api.ts';
import type { ProviderState } from './provider-state.ts';
import type { StateSession } from './state-session.ts';

/** Status polls the default progression needs before it decides. */
const POLLS_TO_DECIDE = 3;

export const PAYER_STATES: readonly ProviderState[] = PAYER_OUTCOMES.map(payerState);

function payerState(outcome: PayerOutcome): ProviderState {
  const phone = catalogueNumber(outcome);
  const ends = outcome.timing === 'answer' || outcome.timing === 'expiry';
  return {
    name: outcome.providerState,
    description: `An order of the verifying client whose customer's phone is ${phone} (${outcome.summary}): ${
      ends ? `${outcome.status} with failureReason ${outcome.reason}` : 'still PENDING'
    } (docs/payer-outcomes.md).`,
    params: {},
    provides: ['orderId', 'customerId', 'phone'],
    mockOnly: true,
    async setup(session) {
      const { orderId, customerId } = await placeWithPhone(session, phone, outcome.suffix);
      if (outcome.timing === 'expiry') await session.api.admin('advanceClock', { body: { seconds: DEFAULT_PAYER.promptExpirySeconds } });
      if (ends) await pollUntilFinal(session, orderId);
      return { orderId, customerId, phone };
    },
  };
}

async function placeWithPhone(session: StateSession, phone: string, suffix: string): Promise<{ orderId: string; customerId: string }> {
  const body = {
    customer: { merchantCustomerId: `CLI-PAYER-${suffix}`, name: 'Ana Machava', phone },
    items: [{ originProductId: 'SKU-CAP-001', name: 'Capulana Premium', quantity: 2, price: 1500 }],
  };
  const answer = await session.api.call('POST', '/v1/orders', { token: (await session.tokens()).accessToken, body });
  return { orderId: dataField(answer, 'id'), customerId: dataField(answer, 'customerId') };
}

async function pollUntilFinal(session: StateSession, orderId: string): Promise<void> {
  const token = (await session.tokens()).accessToken;
  for (let poll = 0; poll < POLLS_TO_DECIDE; poll += 1) {
    const answer = await session.api.call('GET', `/v1/orders/${encodeURIComponent(orderId)}/status`, { token, expect: [200] });
    if (dataField(answer, 'status') !== 'PENDING') return;
  }
}
