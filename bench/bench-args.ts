// A bench's command-line arguments: `npx tsx bench/<name>.ts --runs 5 --db pglite --logged`.

/** The value after `--name`, or `fallback` when the argument is not given. */
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

/** The number after `--name`, or `fallback`. */
export const numberArg = (name: string, fallback: number): number => Number(arg(name, String(fallback)));

/** Whether `--name` was given. */
export const flag = (name: string): boolean => process.argv.includes(`--${name}`);
