/**
 * Where a checked exchange's violations go: onto its journal entry, into the violations summary,
 * and into the log, one warning line each, so a run's output shows them as they happen.
 */
import type { Violation } from '@assistant-platform/types/validation';
import type { FastifyRequest } from 'fastify';
import type { CheckedExchange, ViolationsStore } from '../contract/admin-stores.js';

export function reportViolations(
  summary: ViolationsStore,
  request: FastifyRequest,
  exchange: CheckedExchange,
  violations: readonly Violation[],
): void {
  if (request.journal) request.journal.violations = [...violations];
  if (violations.length === 0) return;
  summary.add(exchange, violations);
  const where = `${exchange.method} ${exchange.path}${exchange.status === null ? '' : ` ${exchange.status}`}`;
  for (const { rule, message, issues } of violations) {
    request.log.warn(
      { rule, operationId: exchange.operationId, targetRequestId: exchange.requestId, issues },
      `contract violation (${rule}) in ${where}: ${message}`,
    );
  }
}
