/** The package's entry point (`import … from 'commerce-mock'`). */
export { runCli } from './cli.ts';
