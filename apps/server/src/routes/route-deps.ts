import type { Repositories } from '../db/repositories.js';
import type { LoadedEngines } from '../engines-loader.js';
import type { ContractValidator } from '../validation/contract-validator.js';

/** What every handler may use; built once per app. */
export interface RouteDeps {
  repos: Repositories;
  validator: ContractValidator;
  /** Resolves once the engines module has loaded (see engines-loader.ts). */
  engines: () => Promise<LoadedEngines>;
}
