/**
 * Pact's verifier, a native library of about 16 MB: an optional peer dependency of the package, since only `verify`
 * runs it (a user who verifies installs it beside commerce-mock; the repository and the image have it). Loaded on
 * use: its load costs about 90 ms, which `commerce-mock start` need not pay. The PactCoreLoad result is a value (a
 * missing library is an expected failure, reported by verify-command.ts).
 */
import { packageManifest } from '../platform/package-files.ts';

const importPactCore = async () => (await import('@pact-foundation/pact-core')).default.default;

export type PactCore = Awaited<ReturnType<typeof importPactCore>>;

export type PactCoreLoad = { ok: true; core: PactCore } | { ok: false; problem: string };

const NAME = '@pact-foundation/pact-core';

export async function loadPactCore(): Promise<PactCoreLoad> {
  try {
    return { ok: true, core: await importPactCore() };
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes(NAME);
    if (!missing) throw error;
    const range = packageManifest().peerDependencies?.[NAME] ?? 'latest';
    return {
      ok: false,
      problem: `needs Pact's verifier, ${NAME}, which is not installed (an optional peer dependency: only verify uses it). Install it beside commerce-mock: npm install --save-dev ${NAME}@${range}`,
    };
  }
}

