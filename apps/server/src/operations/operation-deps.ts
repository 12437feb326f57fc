import type { Engines } from '@assistant-platform/engines/types';
import type { Repositories } from '../db/store.js';

/** What every operation's handler may use; built once per app. */
export interface OperationDeps {
  repos: Repositories;
  /** Resolves once the engines module has loaded (see engines-loader.ts). */
  engines: () => Promise<Engines>;
}
