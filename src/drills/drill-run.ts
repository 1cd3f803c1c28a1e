/**
 * Runs a drill: the cases one after the other in the plan's order (a case's deliveries one after the other, or all
 * at once for the slow path), each judged as soon as its answers are in, so a reader of the drill sees verdicts
 * arrive. A receiver that cannot be reached at all (the first delivery gets no connection) ends the drill at once
 * as `unreachable`: every later case would say the same.
 */
import type { WebhookRequest } from '../webhooks/http-send.ts';
import { planView, type DrillPlan, type PlannedCase } from './drill-plan.ts';
import { drillRequest, headersWithShortSignatures, type DrillTarget } from './drill-requests.ts';
import { BODY_KEPT_BYTES, sendDrillRequest, type DrillAnswer } from './drill-send.ts';

export type DrillStatus = 'running' | 'passed' | 'failed' | 'unreachable';

export interface DrillExchange {
  /** What was sent: headers with signatures shortened, the first 2 KiB of the body. */
  sent: { headers: Record<string, string>; body: string };
  answer: DrillAnswer;
}

export type DrillCaseResult = ReturnType<typeof planView> & {
  verdict: 'pending' | 'passed' | 'failed';
  /** Why it failed. */
  reason?: string;
  exchanges: DrillExchange[];
};

export interface Drill {
  id: string;
  clientId: string;
  url: string;
  format: DrillPlan['format'];
  seed: number;
  timeoutSeconds: number;
  status: DrillStatus;
  /** Why the drill stopped short (`unreachable`). */
  problem?: string;
  cases: DrillCaseResult[];
}

export interface DrillClock {
  /** The mock clock (the bodies' times). */
  nowMs(): number;
  /** Real time (the signatures' timestamps). */
  wallMs(): number;
}

export function pendingCases(plan: DrillPlan): DrillCaseResult[] {
  return plan.cases.map((planned) => ({ ...planView(planned), verdict: 'pending', exchanges: [] }));
}

/** Fills `drill` in as the cases finish; resolves once it is over. */
export async function runDrill(drill: Drill, plan: DrillPlan, target: DrillTarget, clock: DrillClock): Promise<void> {
  const startedMs = clock.nowMs();
  const timeoutMs = drill.timeoutSeconds * 1000;
  const exchange = async (request: WebhookRequest): Promise<DrillExchange> => ({
    sent: { headers: headersWithShortSignatures(request.headers), body: request.body.slice(0, BODY_KEPT_BYTES) },
    answer: await sendDrillRequest(request, timeoutMs),
  });
  for (const [index, planned] of plan.cases.entries()) {
    const request = (delivery: PlannedCase['deliveries'][number]) => drillRequest(delivery, plan, target, startedMs, clock.wallMs());
    const exchanges: DrillExchange[] = [];
    if (planned.together) exchanges.push(...(await Promise.all(planned.deliveries.map((delivery) => exchange(request(delivery))))));
    else for (const delivery of planned.deliveries) exchanges.push(await exchange(request(delivery)));
    const first = exchanges[0]?.answer;
    if (index === 0 && first && 'error' in first && !first.timedOut) {
      drill.problem = `the receiver at ${target.url} cannot be reached: ${first.error}`;
      drill.status = 'unreachable';
      return;
    }
    const result = drill.cases[index] as DrillCaseResult;
    const reason = judged(planned, exchanges);
    Object.assign(result, { exchanges, verdict: reason === undefined ? 'passed' : 'failed' }, reason === undefined ? {} : { reason });
  }
  drill.status = drill.cases.every((result) => result.verdict === 'passed') ? 'passed' : 'failed';
}

/** Why the answers fail the case, or undefined when they pass it. */
function judged(planned: PlannedCase, exchanges: readonly DrillExchange[]): string | undefined {
  for (const [index, { answer }] of exchanges.entries()) {
    const which = exchanges.length > 1 ? `delivery ${index + 1} of ${exchanges.length}: ` : '';
    if ('error' in answer) return `${which}${answer.timedOut ? 'timeout' : 'no answer'}: ${answer.error}`;
    const { status } = answer;
    if (planned.expect === 'accept' && (status < 200 || status > 299)) return `${which}HTTP ${status}, expected 2xx`;
    if (planned.expect === 'refuse' && status >= 200 && status <= 299) return `${which}accepted (HTTP ${status}), expected a 4xx refusal`;
    if (planned.expect === 'refuse' && (status < 400 || status > 499)) {
      return `${which}HTTP ${status}, expected a 4xx refusal (a 3xx or 5xx asks the sender to try again)`;
    }
  }
  return undefined;
}
