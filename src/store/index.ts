/** The persistence layer: `openStore` and the `Store` contract. Nothing outside src/store/ touches the files. */
export { openStore, DEFAULT_CHECKPOINT_BYTES } from './open-store.ts';
export * from './store-types.ts';
export { lockDataFile, DataFileLocked, type DataLock } from './data-lock.ts';
