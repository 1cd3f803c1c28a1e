/** How `commerce-mock drill` prints a drill: its plan before it runs, then one line per case as it finishes. */
import { printable } from '../platform/printable.ts';
import type { Drill, DrillCaseResult } from '../drills/drill-run.ts';

const SIGNED: Record<DrillCaseResult['deliveries'][number]['signing'], string> = {
  fresh: 'signed now',
  'wrong-secret': 'signed with a wrong secret',
  tampered: 'signed, then the body changed',
  stale: 'signed 10 min ago',
  replayed: 'sent again as signed 6 min ago',
  unsigned: 'unsigned',
  rotation: 'signed with a new and your secret',
};

export function planLines(drill: Drill): string[] {
  const width = Math.max(...drill.cases.map((result) => result.name.length));
  return [
    `drill ${printable(drill.url)} (client ${drill.clientId}, format ${drill.format}, seed ${drill.seed}, timeout ${drill.timeoutSeconds} s)`,
    ...drill.cases.map((result, index) => {
      const deliveries = result.deliveries.map((delivery) => `${delivery.event} ${delivery.eventId}${aged(delivery.ageSeconds)} ${SIGNED[delivery.signing]}`).join(result.name === 'slow-path' ? ' + ' : ', then ');
      return `  ${String(index + 1).padStart(2)}. ${result.name.padEnd(width)}  ${deliveries} → expect ${result.expect === 'accept' ? '2xx' : '4xx'}`;
    }),
    '',
  ];
}

/** An event whose change is hours old on the mock clock (the delayed case) says so. */
function aged(ageSeconds: number): string {
  return ageSeconds >= 3600 ? ` (createdAt ${Math.round(ageSeconds / 3600)} h ago)` : '';
}

export function caseLine(result: DrillCaseResult): string {
  const took = result.exchanges.reduce((most, exchange) => Math.max(most, exchange.answer.durationMs), 0);
  if (result.verdict === 'passed') return `  ✓ ${result.name} (${took} ms)`;
  return `  ✗ ${result.name}: ${printable(result.reason ?? '')}\n      a correct receiver ${result.correct}`;
}
