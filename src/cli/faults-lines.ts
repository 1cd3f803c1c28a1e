/**
 * What `commerce-mock faults` prints: the profile applied and what its stage does now, the line that repeats the run
 * (its seed) and the line that removes it; the profiles a mock can apply and the client's own; what was removed.
 */
import type { components } from '../generated/admin-types.gen.ts';
import { printable } from '../platform/printable.ts';
import { mockCommandLine, type ArmTarget } from './arm-lines.ts';

type Applied = components['schemas']['AppliedNetworkProfile'];
type Definition = components['schemas']['NetworkProfileDefinition'];
type Leg = components['schemas']['NetworkLeg'];
type Stage = components['schemas']['NetworkProfileStage'];

const percent = (rate: number) => `${Number((rate * 100).toFixed(2))}%`;

/** A leg in words: `latency 20-200 ms, reset 5%, reply lost 5%`, or `answered as usual`. */
export function legWords(leg: Leg): string {
  const latency = leg.latencyMs;
  const words = [
    latency === undefined ? undefined : 'fixedMs' in latency ? `latency ${latency.fixedMs} ms` : 'minMs' in latency ? `latency ${latency.minMs}-${latency.maxMs} ms` : `latency ${latency.meanMs}±${latency.stdDevMs} ms`,
    ...([['reset', leg.loss], ['reply lost', leg.replyLost], ['timeout', leg.timeout], ['slow body', leg.slowBody]] as const).map(([name, rate]) => (rate ? `${name} ${percent(rate)}` : undefined)),
  ].filter((word) => word !== undefined);
  return words.length === 0 ? 'answered as usual' : words.join(', ');
}

/** A stage's legs in words: its `api` leg's, then each other leg it states (`webhooks: reset mid-body 100%`). */
export function stageWords(stage: Stage): string {
  const rates = (pairs: ReadonlyArray<readonly [string, number | undefined]>) => pairs.flatMap(([name, rate]) => (rate ? [`${name} ${percent(rate)}`] : [])).join(', ') || 'as usual';
  return [
    legWords(stage.api),
    ...(stage.token ? [`token: ${legWords(stage.token)}`] : []),
    ...(stage.webhooks ? [`webhooks: ${rates([['connect delay', stage.webhooks.connectDelay], ['reset mid-body', stage.webhooks.resetMidBody]])}`] : []),
    ...(stage.checkout ? [`checkout: ${rates([['slow', stage.checkout.slow], ['503', stage.checkout.unavailable]])}`] : []),
  ].join('; ');
}

const rampWords = (stages: readonly Stage[]) => stages.map((stage) => (stage.forSeconds === undefined ? stage.name : `${stage.name} ${stage.forSeconds}s`)).join(' → ');

/** `forText`: the duration as the user wrote it (`10m`), repeated in the line that repeats the run. */
export function appliedLines(applied: Applied, target: ArmTarget, forText: string | undefined): string[] {
  const current = applied.stages[applied.stage.index];
  return [
    printable(`applied ${applied.profile} to ${applied.clientId}, seed ${applied.seed}, ${applied.until === undefined ? 'until removed' : `until ${applied.until} on its clock`}`),
    printable(`  now: ${applied.stage.name}: ${current ? stageWords(current) : ''}`),
    ...(applied.stages.length > 1 ? [printable(`  ramp: ${rampWords(applied.stages)}`)] : []),
    `  repeat this run: ${mockCommandLine('faults', ['--profile', applied.profile, ...(forText === undefined ? [] : ['--for', forText]), '--seed', String(applied.seed)], target)}`,
    `  remove it: ${mockCommandLine('faults', ['--clear'], target)}`,
  ];
}

export function listedLines(profiles: readonly Definition[], applied: Applied | undefined, target: ArmTarget): string[] {
  const width = Math.max(...profiles.map((profile) => profile.name.length));
  return [
    'network profiles:',
    ...profiles.map((profile) => printable(`  ${profile.name.padEnd(width)}  ${profile.source === 'built-in' ? '' : `(${profile.source}) `}${profile.description ?? rampWords(profile.stages)}`)),
    applied === undefined
      ? printable(`no network profile applied to ${target.clientId}; apply one: ${mockCommandLine('faults', ['--profile', profiles[0]?.name ?? 'flaky-mobile'], target)}`)
      : printable(`applied to ${target.clientId}: ${appliedSummary(applied)}`),
  ];
}

function appliedSummary(applied: Applied): string {
  const { faults } = applied;
  const legs = faults.connectDelay + faults.resetMidBody + faults.checkoutSlow + faults.checkoutUnavailable;
  const did =
    `${faults.reset} reset, ${faults.replyLost} reply lost, ${faults.timeout} timeout, ${faults.slowBody} slow body, ${faults.delayed} delayed` +
    (legs === 0 ? '' : `; webhook attempts: ${faults.connectDelay} connect delay, ${faults.resetMidBody} reset mid-body; checkout pages: ${faults.checkoutSlow} slow, ${faults.checkoutUnavailable} 503`);
  return `${applied.profile}, stage ${applied.stage.name} (${applied.stage.index + 1} of ${applied.stages.length}), seed ${applied.seed}; ${applied.requests} requests met: ${did}`;
}

export function clearedLine(removed: boolean, clientId: string): string {
  return printable(removed ? `removed the network profile of ${clientId}` : `${clientId} had no network profile`);
}
