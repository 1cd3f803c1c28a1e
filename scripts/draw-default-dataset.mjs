// Build step, after tsc (scripts/build.mjs passes its staging folder, which holds tsc's compiled modules): the default
// client's dataset at the default seed, drawn once by the compiled code and written as JSON beside it, which a built
// mock reads at start instead of drawing it again (src/fake/dataset.ts).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

if (!process.argv[2]) throw new Error(`usage: node ${process.argv[1]} <a build folder holding tsc's compiled modules of src/>`);
const out = pathToFileURL(`${resolve(process.argv[2])}/`);
const { drawDataset } = await import(new URL('fake/dataset.js', out).href);
const { DEFAULT_CLIENTS, DEFAULT_SEED } = await import(new URL('platform/config.js', out).href);
const { BUILT } = await import(new URL('platform/package-files.js', out).href);

const entries = drawDataset(DEFAULT_SEED, DEFAULT_CLIENTS[0].clientId);
writeFileSync(BUILT.defaultDataset, JSON.stringify(entries));
console.log(`drew the default dataset (${entries.length} records, seed ${DEFAULT_SEED}) into ${BUILT.defaultDataset}`);
