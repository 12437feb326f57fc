/**
 * Runs the scenario against the target and the local server, a step at a time (both sides of a
 * step at once), and reports where they differ and where either breaks the contract. Both are
 * called through the SDK's openapi-fetch client (`client.raw`) with no retries, so each answer is
 * the one the service gave. A side that cannot be reached (refused, reset, no answer in time) ends
 * the run with an UnreachableError: a report of half a scenario would not say what parity is.
 */
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  createAssistantClient,
  type RawClient,
} from '@assistant-platform/client';
import { ContractValidator } from '@assistant-platform/types/validation';
import { type Answer, readAnswer } from './answer.js';
import { compareAnswers } from './compare-answers.js';
import { contractIssues } from './contract-check.js';
import { buildReport, type ParityReport, type SideResult, type StepResult } from './report.js';
import { type SideContext, type Step, scenario, type TranscriptionIds } from './scenario.js';

export type Side = 'target' | 'local';

export interface Endpoint {
  /** The API root, ending in `/v1`. */
  baseUrl: string;
  token: string;
  /** How the report names it (a base URL without credentials, or `in-process reference server`). */
  label: string;
}

export interface ParityOptions {
  target: Endpoint;
  local: Endpoint;
  transcription?: TranscriptionIds;
  /** How long one request may take, its whole body (a stream's included) read. */
  timeoutMs: number;
}

/** One side did not answer: the message says which, at which step, and why (never the token). */
export class UnreachableError extends Error {
  override name = 'UnreachableError';
  constructor(
    readonly side: Side,
    readonly step: string,
    message: string,
  ) {
    super(message);
  }
}

/** The innermost reason of a failed call (`connect ECONNREFUSED 127.0.0.1:9`), not fetch's generic words. */
function reasonOf(error: unknown): string {
  let reason = error;
  while (reason instanceof Error && reason.cause instanceof Error) reason = reason.cause;
  return reason instanceof Error ? reason.message : String(reason);
}

interface SideRun {
  side: Side;
  endpoint: Endpoint;
  api: RawClient;
  context: SideContext;
}

async function runSide(run: SideRun, step: Step, timeoutMs: number): Promise<Answer | string> {
  const init = {
    parseAs: 'stream',
    maxRetries: 0,
    timeoutMs,
    signal: AbortSignal.timeout(timeoutMs),
  } as const;
  let answer: Answer;
  try {
    const pending = step.send(run.api, run.context, init);
    if (typeof pending === 'string') return pending;
    answer = await readAnswer(pending);
  } catch (error) {
    // Our own time limit aborts the call as a user's abort would; either way the side did not answer.
    if (!(error instanceof APIConnectionError || error instanceof APIUserAbortError)) throw error;
    const timedOut = error instanceof APITimeoutError || error instanceof APIUserAbortError;
    const why = timedOut ? `no answer within ${timeoutMs} ms` : reasonOf(error);
    throw new UnreachableError(
      run.side,
      step.name,
      `Cannot reach the ${run.side} ${run.endpoint.label} (step ${step.name}, ${step.request}): ${why}`,
    );
  }
  if (answer.body.kind === 'json') step.remember?.(answer.body.value, run.context);
  return answer;
}

export async function runParity(options: ParityOptions): Promise<ParityReport> {
  const validator = new ContractValidator();
  const sideRun = (side: Side): SideRun => {
    const { baseUrl, token } = options[side];
    const api = createAssistantClient({ baseUrl, token, maxRetries: 0 }).raw;
    return { side, endpoint: options[side], api, context: {} };
  };
  const targetRun = sideRun('target');
  const localRun = sideRun('local');
  const results: StepResult[] = [];
  const sideResult = (answer: Answer | string, operation: Step['operation']): SideResult =>
    typeof answer === 'string'
      ? { status: null, skipped: answer, contract: [] }
      : { status: answer.status, contract: contractIssues(validator, operation, answer) };
  for (const step of scenario(options.transcription)) {
    const { name: stepName, title, operation, request } = step;
    const about = { step: stepName, title, operation, request };
    if (step.unavailable !== undefined) {
      const none: SideResult = { status: null, contract: [] };
      results.push({ ...about, skipped: step.unavailable, target: none, local: none, differences: [] });
      continue;
    }
    const [target, local] = await Promise.all([
      runSide(targetRun, step, options.timeoutMs),
      runSide(localRun, step, options.timeoutMs),
    ]);
    // A side that could not send the step (an earlier step gave it no id) has nothing to compare.
    const differences =
      typeof target === 'object' && typeof local === 'object'
        ? compareAnswers(operation, target, local, step)
        : [];
    results.push({
      ...about,
      target: sideResult(target, operation),
      local: sideResult(local, operation),
      differences,
    });
  }
  return buildReport(options.target.label, options.local.label, results);
}
