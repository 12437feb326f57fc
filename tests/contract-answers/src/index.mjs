/**
 * A vitest project whose in-process reference servers' answers are recorded and checked against
 * the contracts when the run ends (global-setup.mjs, record-answers.mjs).
 */
import { fileURLToPath } from 'node:url';

const GLOBAL_SETUP = fileURLToPath(new URL('./global-setup.mjs', import.meta.url));
const RECORDER = fileURLToPath(new URL('./record-answers.mjs', import.meta.url));

export function withContractAnswers(project) {
  const { test } = project;
  return {
    ...project,
    test: {
      ...test,
      globalSetup: [...[test.globalSetup ?? []].flat(), GLOBAL_SETUP],
      setupFiles: [...[test.setupFiles ?? []].flat(), RECORDER],
    },
  };
}

export { answerViolations, checkRecordedAnswers } from './check-answers.mjs';
