/** The project with its reference servers' answers recorded, and checked against the contracts at the end. */
export function withContractAnswers<
  Project extends {
    test: { name?: string; globalSetup?: string[] | string; setupFiles?: string[] | string };
  },
>(project: Project): Project;

export interface RecordedAnswer {
  api: 'platform' | 'admin';
  operationId: string | null;
  method: string;
  url: string;
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text?: string;
  stream?: true;
  cut?: true;
  fault?: number;
  testFile: string | null;
}

export function answerViolations(answer: RecordedAnswer): { rule: string; message: string }[];
export function checkRecordedAnswers(dir: string): {
  answers: number;
  violations: { key: string; count: number; example: string }[];
};
