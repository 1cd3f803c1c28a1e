/**
 * The proxy's drift report: per operation, how many real exchanges it judged and each departure once, with how
 * many exchanges showed it. `GET /__admin/proxy/report` answers it (spec/proxy.yaml), `--report` writes it.
 */
import { printable } from '../platform/printable.ts';
import type { Departure } from './departures.ts';

export interface CountedDeparture extends Departure {
  count: number;
}

export interface OperationDrift {
  operationId: string;
  /** Exchanges the target answered (judged). */
  calls: number;
  /** Of those, the exchanges whose bodies were not judged (over `--max-judged-bytes`, or nested too deeply). */
  bodiesNotJudged: number;
  /** Exchanges the in-process mock answered instead (`--fallback mock`): not judged. */
  answeredByMock: number;
  departures: CountedDeparture[];
}

export interface ProxyReport {
  target: string;
  operations: OperationDrift[];
}

export interface DriftLog {
  judged(operationId: string, departures: readonly Departure[], bodiesJudged: boolean): void;
  answeredByMock(operationId: string): void;
  report(): ProxyReport;
}

export function createDriftLog(target: string): DriftLog {
  const operations = new Map<string, { calls: number; bodiesNotJudged: number; answeredByMock: number; departures: Map<string, CountedDeparture> }>();
  const entry = (operationId: string) => {
    let found = operations.get(operationId);
    if (!found) operations.set(operationId, (found = { calls: 0, bodiesNotJudged: 0, answeredByMock: 0, departures: new Map() }));
    return found;
  };
  return {
    judged(operationId, departures, bodiesJudged) {
      const drift = entry(operationId);
      drift.calls += 1;
      if (!bodiesJudged) drift.bodiesNotJudged += 1;
      for (const departure of departures) {
        const key = `${departure.kind} ${departure.path} ${departure.message}`;
        const counted = drift.departures.get(key);
        if (counted) counted.count += 1;
        else drift.departures.set(key, { ...departure, count: 1 });
      }
    },
    answeredByMock(operationId) {
      entry(operationId).answeredByMock += 1;
    },
    report: () => ({
      target,
      operations: [...operations]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([operationId, drift]) => ({
          operationId,
          calls: drift.calls,
          bodiesNotJudged: drift.bodiesNotJudged,
          answeredByMock: drift.answeredByMock,
          departures: [...drift.departures.values()],
        })),
    }),
  };
}

export function renderProxyMarkdown(report: ProxyReport): string {
  const departures = report.operations.flatMap((operation) => operation.departures.map((departure) => ({ operation, departure })));
  const breaking = departures.filter(({ departure }) => departure.kind === 'breaking').length;
  const lines = [
    `# Proxy drift report: ${printable(report.target)}`,
    '',
    `**${departures.length} departures (${breaking} breaking, ${departures.length - breaking} additive) over ${report.operations.length} operations.**`,
    '',
    '| operation | calls | bodies not judged | answered by the mock | kind | path | message | count |',
    '|---|---|---|---|---|---|---|---|',
    ...report.operations.flatMap((operation) => {
      const head = [operation.operationId, String(operation.calls), String(operation.bodiesNotJudged), String(operation.answeredByMock)];
      if (operation.departures.length === 0) return [row([...head, '', '', 'no departure', ''])];
      return operation.departures.map((departure) => row([...head, departure.kind, departure.path, departure.message, String(departure.count)]));
    }),
  ];
  return `${lines.join('\n')}\n`;
}

function row(cells: string[]): string {
  return `| ${cells.map((text) => printable(text).replace(/\|/g, '\\|')).join(' | ')} |`;
}
