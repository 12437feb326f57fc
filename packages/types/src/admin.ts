/**
 * `@assistant-platform/types/admin`: the reference server's admin API (openapi/admin.yaml), which is
 * not part of the platform's contract: its types, its operation table, its declared defaults and
 * limits, its contract for the validator, and the envelopes of the statuses only faults answer
 * (408, 502, 504). Every export is a plain constant (`sideEffects: false`), so a page that
 * imports only `ADMIN_LIMITS` bundles only that, not the document or a validator.
 */

import type { components, operations, paths } from './generated/admin.js';
import { adminDocument } from './generated/admin-document.js';
import { ADMIN_OPERATIONS } from './generated/operations.js';
import type { Contract } from './validation/contract-validator.js';

export { ADMIN_DEFAULTS } from './generated/defaults.js';
export { ADMIN_IN_FLIGHT_LIMITED, ADMIN_LIMITS } from './generated/limits.js';
export type { components as adminComponents, operations as adminOperations, paths as adminPaths };
export { ADMIN_OPERATIONS, adminDocument };

type Schemas = components['schemas'];

export type AdminOperationId = keyof operations;
export type JournalEntry = Schemas['JournalEntry'];
export type RequestMatcher = Schemas['RequestMatcher'];
export type StreamEvent = Schemas['StreamEvent'];
export type State = Schemas['State'];
export type StateSummary = Schemas['StateSummary'];
export type Fault = Schemas['Fault'];
export type FaultStatus = Schemas['FaultStatus'];
export type FaultRule = Schemas['FaultRule'];
export type FaultRuleInput = Schemas['FaultRuleInput'];
export type FaultRulePatch = Schemas['FaultRulePatch'];
export type AppliedFault = Schemas['AppliedFault'];
export type ChatFixture = Schemas['ChatFixture'];
export type ChatFixtureInput = Schemas['ChatFixtureInput'];
export type ChatFixturePatch = Schemas['ChatFixturePatch'];
export type FaultErrorEnvelope = Schemas['FaultErrorEnvelope'];
export type TokenInput = Schemas['TokenInput'];
export type TokenRecord = Schemas['TokenRecord'];
export type Violation = Schemas['Violation'];
export type ViolationRule = Schemas['ViolationRule'];
export type ViolationGroup = Schemas['ViolationGroup'];
export type AdminView = Schemas['AdminView'];
export type Caller = Schemas['CallerResponse']['data'];
export type ReplayOutcome = Schemas['ReplayOutcome'];
export type NearestCassette = Schemas['NearestCassette'];
export type Cassette = Schemas['Cassette'];
export type CassetteBody = Schemas['CassetteBody'];
export type CassetteEvent = Schemas['CassetteEvent'];

/** The admin API's contract, for a `ContractValidator` of its own. */
export const adminContract = {
  document: adminDocument,
  operations: ADMIN_OPERATIONS,
} satisfies Contract<AdminOperationId>;

type FaultMessages = {
  408: Schemas['RequestTimeoutError']['message'];
};

/** The fixed `message` of the status only faults answer (the others are `ERROR_MESSAGES`). */
export const FAULT_ERROR_MESSAGES = {
  408: 'Request timed out',
} as const satisfies FaultMessages;

/**
 * The features a server may be started without (`FEATURES_OFF`) whose admin routes then answer
 * `501` (`FeatureOff`), with the message naming the feature.
 */
export const FEATURE_OFF_MESSAGES = {
  faults: 'Fault rules are turned off on this server (FEATURES_OFF)',
  metrics: 'Metrics are turned off on this server (FEATURES_OFF)',
} as const satisfies Record<string, Schemas['FeatureOffError']['message']>;
