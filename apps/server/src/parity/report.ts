/**
 * The parity report: what `assistant-server parity --json` prints and `--out` writes, documented in
 * the server's README (its `version` changes when a field changes meaning or goes away). Each step
 * of the scenario says what each side answered, where the two answers differ and where each
 * breaks the contract; the summary counts them.
 */
import type { OperationId } from '@assistant-platform/types';

/**
 * - `status`: the statuses differ (nothing else of the two answers is compared then);
 * - `header`: the media type, or a header the contract declares for the answer, is on one side only;
 * - `envelope`: the envelope's keys, its `success` or its `message` differ, or one side's body is not a JSON object;
 * - `shape`: the JSON structure differs at `path` (types, keys, array items);
 * - `dimension`: embeddings differ in the number of vectors or their length;
 * - `stream`: the streams end differently (`data: [DONE]`, `event: error`, or cut).
 */
export type DifferenceKind = 'status' | 'header' | 'envelope' | 'shape' | 'dimension' | 'stream';

export interface Difference {
  kind: DifferenceKind;
  /** Where: a JSON Pointer into the body (`*` for every array item), a header's name, `status` or `end`. */
  path: string;
  /** What the target had there, in a few words (`absent` when nothing). */
  target: string;
  /** What the local server had there. */
  local: string;
}

/** Where an answer breaks the contract: a JSON Pointer into its body, or `status`, `content-type`, `/events`. */
export interface ContractIssue {
  path: string;
  message: string;
}

export interface SideResult {
  /** The answer's status; null when the step did not run on this side. */
  status: number | null;
  /** Why the step did not run on this side (an earlier step gave it nothing to send). */
  skipped?: string;
  /** Where this side's answer breaks the contract; empty when it keeps it. */
  contract: ContractIssue[];
}

export interface StepResult {
  /** The step's name, e.g. `chat-stream`. */
  step: string;
  title: string;
  operation: OperationId;
  /** Method and path template, e.g. `GET /agents/view/{id}`. */
  request: string;
  /** Why the step did not run at all (e.g. no workspace given for the transcription edit). */
  skipped?: string;
  target: SideResult;
  local: SideResult;
  differences: Difference[];
}

export interface ParityReport {
  version: 1;
  /** The target's base URL (without credentials or query). */
  target: string;
  /** The local server: its base URL, or `in-process reference server`. */
  local: string;
  /** True when no step differs and neither side breaks the contract. */
  ok: boolean;
  summary: {
    steps: number;
    skipped: number;
    differences: number;
    stepsWithDifferences: number;
    /** Steps in which each side's answer breaks the contract. */
    contractBroken: { target: number; local: number };
  };
  steps: StepResult[];
}

export function buildReport(target: string, local: string, steps: StepResult[]): ParityReport {
  const summary = {
    steps: steps.length,
    skipped: steps.filter((step) => step.skipped !== undefined).length,
    differences: steps.reduce((sum, step) => sum + step.differences.length, 0),
    stepsWithDifferences: steps.filter((step) => step.differences.length > 0).length,
    contractBroken: {
      target: steps.filter((step) => step.target.contract.length > 0).length,
      local: steps.filter((step) => step.local.contract.length > 0).length,
    },
  };
  const ok = summary.differences === 0 && summary.contractBroken.target + summary.contractBroken.local === 0;
  return { version: 1, target, local, ok, summary, steps };
}
