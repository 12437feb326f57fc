import type { Repositories } from '../db/repositories.js';
import type { ChatEngine, EmbeddingEngine } from '../engines/types.js';
import type { ContractValidator } from '../validation/contract-validator.js';

/** What every handler may use; built once per app. */
export interface RouteDeps {
  repos: Repositories;
  validator: ContractValidator;
  engines: { chat: ChatEngine; embeddings: EmbeddingEngine };
}
