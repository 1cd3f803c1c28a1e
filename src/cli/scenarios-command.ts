/**
 * `commerce-mock scenarios list [--scenarios DIR]` and `commerce-mock scenarios validate FILE…`: what can be
 * activated, and whether a file is a valid scenario (exit 2 naming the file, the field and the reason).
 */
import type { Command } from 'commander';
import { formatProblem, loadScenarios, readScenarioFile } from '../scenarios/scenario-library.ts';
import { withExamples } from './help-text.ts';
import { orderSummary } from './scenario-summary.ts';

export interface ScenarioCommandIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

export function defineScenarioCommands(program: Command, io: ScenarioCommandIo, exit: (code: number) => void): void {
  const scenarios = withExamples(program.command('scenarios').description('list or validate scenario files'), 'scenarios', [
    'commerce-mock scenarios list',
    'commerce-mock scenarios list --scenarios ./my-scenarios',
    'commerce-mock scenarios validate ./my-scenarios/*.yaml',
  ]);
  const list = scenarios
    .command('list')
    .description('the scenarios that can be activated (built-in, then those of --scenarios DIR)')
    .option('--scenarios <dir>', 'directory of your scenario files')
    .action((flags: { scenarios?: string }) => {
      const loaded = loadScenarios(flags.scenarios);
      for (const problem of loaded.problems) io.stderr(`commerce-mock: ${formatProblem(problem)}\n`);
      const width = Math.max(...loaded.scenarios.map((scenario) => scenario.name.length));
      for (const scenario of loaded.scenarios) {
        const origin = scenario.source === 'built-in' ? '' : `  (${scenario.source})`;
        const orders = orderSummary(scenario);
        io.stdout(`${scenario.name.padEnd(width)}  ${scenario.description ?? ''}${orders ? `  [${orders}]` : ''}${origin}\n`);
      }
      exit(loaded.problems.length > 0 ? 2 : 0);
    });
  withExamples(list, 'scenarios', ['commerce-mock scenarios list', 'commerce-mock scenarios list --scenarios ./my-scenarios']);
  const validate = scenarios
    .command('validate')
    .description('check scenario files against the schema')
    .argument('<files...>', 'YAML or JSON scenario files')
    .action((files: string[]) => {
      let failed = false;
      for (const file of files) {
        const parsed = readScenarioFile(file);
        if (parsed.ok) {
          io.stdout(`${file}: valid scenario ${parsed.scenario.name} (${parsed.scenario.rules.length} rules)\n`);
          continue;
        }
        failed = true;
        for (const problem of parsed.problems) io.stderr(`commerce-mock: ${formatProblem(problem)}\n`);
      }
      exit(failed ? 2 : 0);
    });
  withExamples(validate, 'scenarios', ['commerce-mock scenarios validate ./my-scenarios/slow-wallet.yaml', 'commerce-mock scenarios validate ./my-scenarios/*.yaml']);
}
