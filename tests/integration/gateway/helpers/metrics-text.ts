/** Reads samples out of the Prometheus text format, as a scraper would. */

/** The value of one sample (`name{labels} value`) with exactly these labels, 0 when there is none yet. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.length === have.length && wanted.every((label) => have.includes(label)))
      return Number(match[3]);
  }
  return 0;
}
