// Every benchmark prints the machine's load beside its figures: figures taken on a busy machine
// mean little, and the load says whether the run can be trusted or must be taken again.
import { loadavg } from 'node:os';

/** The 1, 5 and 15 minute load averages with `decimals` decimals, joined by spaces. */
export const loadAverage = (decimals = 2) =>
  loadavg()
    .map((n) => n.toFixed(decimals))
    .join(' ');
