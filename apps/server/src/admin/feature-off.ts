/**
 * The admin routes of a feature the server runs without (`FEATURES_OFF`): they stay in the contract
 * and on the server, and answer `501` naming the feature (admin.yaml's `FeatureOff`), so a client
 * is told it is the server's setup rather than getting a 404 or an empty list that looks like data.
 */
import type { AdminOperationId } from '@assistant-platform/types/admin';
import type { RouteHandlerMethod } from 'fastify';
import { FeatureOffError } from '../contract/api-error.js';
import type { AdminHandlers } from './admin-deps.js';

export function featureOffHandlers<Id extends AdminOperationId>(
  feature: ConstructorParameters<typeof FeatureOffError>[0],
  operations: readonly Id[],
): AdminHandlers<Id> {
  const off: RouteHandlerMethod = async () => {
    throw new FeatureOffError(feature);
  };
  const handlers = {} as AdminHandlers<Id>;
  for (const id of operations) handlers[id] = off;
  return handlers;
}
