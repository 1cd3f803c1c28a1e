/**
 * The package's version, read from its package.json: one level up from this module both in src/ (the sources)
 * and in dist/ (the build), so the figure is the installed package's own.
 */
import { readFileSync } from 'node:fs';

export const PACKAGE_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
