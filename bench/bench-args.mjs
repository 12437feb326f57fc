// Shared by the benchmarks that take numbers on their command line (`--calls=3000`).

/** The number given as `--<name>=<value>`, else `fallback`. */
export const arg = (name, fallback) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
