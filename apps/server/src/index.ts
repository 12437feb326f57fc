/**
 * @assistant-platform/server: the reference server of the Assistant Platform API.
 * `build()` makes the Fastify app, `serve()` runs it, `startReferenceServer()` starts one on a free
 * port for tests of the SDK and gateway.
 */

export type { ChatEngine, EmbeddingEngine, EnginesConfig } from '@assistant-platform/engines/types';
export { ConfigError, SCOPES, type Scope } from '@assistant-platform/types';
export { type BuildOptions, build } from './app.js';
export type { DatabaseTarget } from './config/database-url.js';
export { loadConfig, type ServerConfig } from './config/load-config.js';
export type { SeedInput } from './seed/apply-startup-data.js';
export { type ParsedSeed, parseSeed, readSeedFile, SeedError, type SeedFile } from './seed/seed-file.js';
export { serve } from './server.js';
export {
  type ReferenceServer,
  type StartReferenceServerOptions,
  startReferenceServer,
} from './start-reference-server.js';
