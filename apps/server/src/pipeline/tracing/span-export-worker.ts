/**
 * The tracing export thread as an entry of the server's bundle (tsup.config.ts): service-kit's
 * worker, built as dist/span-export-worker.js beside the chunk that starts it, where service-kit
 * looks for it.
 */
import '@assistant-platform/service-kit/tracing/span-export-worker';
