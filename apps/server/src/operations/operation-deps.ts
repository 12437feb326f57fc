import type { Repositories } from '../db/repositories.js';
import type { LoadedEngines } from './engines-loader.js';

/** What every operation's handler may use; built once per app. */
export interface OperationDeps {
  repos: Repositories;
  /** Resolves once the engines module has loaded (see engines-loader.ts). */
  engines: () => Promise<LoadedEngines>;
}
