/**
 * The engine worker's entry in this package's bundle: the engines are bundled into dist/, and their
 * pool starts its workers from `engine-worker.js` beside its own chunk, which is this entry's output.
 */
export { default } from '@assistant-platform/engines/engine-worker';
