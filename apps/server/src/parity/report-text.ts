/** The parity report as text for a terminal or a CI log: a line per step, its findings under it. */
import type { ParityReport, SideResult, StepResult } from './report.js';

const status = (side: SideResult) => (side.status === null ? '-' : String(side.status));

function verdict(step: StepResult): string {
  if (step.skipped !== undefined) return 'skip';
  const broken = step.target.contract.length + step.local.contract.length > 0;
  return step.differences.length > 0 || broken ? 'DIFF' : 'ok';
}

function stepLines(step: StepResult): string[] {
  const statuses = step.skipped === undefined ? `${status(step.target)} | ${status(step.local)}` : '';
  const lines = [`${verdict(step).padEnd(6)}${step.step.padEnd(26)}${statuses.padEnd(12)}${step.request}`];
  if (step.skipped !== undefined) return [...lines, `      ${step.skipped}`];
  for (const [name, side] of [
    ['target', step.target],
    ['local', step.local],
  ] as const) {
    if (side.skipped !== undefined) lines.push(`      ${name} not run: ${side.skipped}`);
  }
  for (const difference of step.differences) {
    lines.push(
      `      ${difference.kind.padEnd(11)}${difference.path.padEnd(36)} target: ${difference.target}; local: ${difference.local}`,
    );
  }
  for (const [name, side] of [
    ['target', step.target],
    ['local', step.local],
  ] as const) {
    for (const issue of side.contract) {
      lines.push(`      ${'contract'.padEnd(11)}${`${name} ${issue.path}`.padEnd(36)} ${issue.message}`);
    }
  }
  return lines;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The report's verdict in a sentence (or two, with skipped steps). */
export function summaryLine(report: ParityReport): string {
  const { summary } = report;
  const verdict = report.ok
    ? `No differences in ${plural(summary.steps - summary.skipped, 'step')}; both sides keep the contract.`
    : `${plural(summary.differences, 'difference')} in ${summary.stepsWithDifferences} of ${plural(summary.steps, 'step')}; ` +
      `the target breaks the contract in ${plural(summary.contractBroken.target, 'step')}, ` +
      `the local server in ${plural(summary.contractBroken.local, 'step')}.`;
  return summary.skipped > 0 ? `${verdict} ${plural(summary.skipped, 'step')} skipped.` : verdict;
}

export function formatText(report: ParityReport): string {
  const lines = [
    `Parity check of ${report.target} (target) against ${report.local} (local); statuses are target | local.`,
    '',
    ...report.steps.flatMap(stepLines),
    '',
    summaryLine(report),
  ];
  return `${lines.join('\n')}\n`;
}
