/**
 * Reading settings from the environment, for every room's own settings (server/config.ts gathers them): each reader
 * parses one variable, and a value that does not parse is written into `problems` by name and replaced by its
 * default, so start-up reports every problem at once (ConfigError) instead of the first.
 */
export type Mode = 'demo' | 'production';

export type Env = Record<string, string | undefined>;

export interface EnvReader {
  mode: Mode;
  /** What is wrong so far, in the order it was read: one line per variable. */
  problems: string[];
  /** The trimmed value, or null when unset or blank. */
  str(name: string): string | null;
  int(name: string, fallback: number, min: number, max: number): number;
  bool<T extends boolean | null>(name: string, fallback: T): boolean | T;
  /** An absolute http(s) URL without its trailing slashes. */
  url<T extends string | null>(name: string, fallback: T): string | T;
  /** A comma-separated list, its items trimmed, the blank ones left out. */
  list(name: string, fallback: string[]): string[];
  oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T;
}

export function createEnvReader(env: Env, mode: Mode): EnvReader {
  const problems: string[] = [];
  const str = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : null;
  };
  return {
    mode,
    problems,
    str,
    int(name, fallback, min, max) {
      const raw = str(name);
      if (raw === null) return fallback;
      const value = Number(raw);
      if (!Number.isInteger(value) || value < min || value > max) {
        problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
        return fallback;
      }
      return value;
    },
    bool(name, fallback) {
      const raw = str(name)?.toLowerCase();
      if (raw === undefined || raw === null) return fallback;
      if (['true', '1', 'yes'].includes(raw)) return true;
      if (['false', '0', 'no'].includes(raw)) return false;
      problems.push(`${name} must be true or false (got "${raw}")`);
      return fallback;
    },
    url(name, fallback) {
      const raw = str(name);
      if (raw === null) return fallback;
      try {
        const parsed = new URL(raw);
        if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
        return raw.replace(/\/+$/, '');
      } catch {
        problems.push(`${name} must be an absolute http(s) URL (got "${raw}")`);
        return fallback;
      }
    },
    list(name, fallback) {
      const raw = str(name);
      return raw === null
        ? fallback
        : raw
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean);
    },
    oneOf(name, values, fallback) {
      const raw = str(name);
      if (raw === null) return fallback;
      if ((values as readonly string[]).includes(raw)) return raw as (typeof values)[number];
      problems.push(`${name} must be one of ${values.join(', ')} (got "${raw}")`);
      return fallback;
    },
  };
}
