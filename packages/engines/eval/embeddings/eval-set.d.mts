export interface EvalPair {
  lang: string;
  label: 'similar' | 'unrelated';
  grade: number;
  a: string;
  b: string;
}
export const EVAL_SET_URL: URL;
export function readEvalSet(url?: URL): EvalPair[];
