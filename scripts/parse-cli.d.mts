export declare const EXIT_USAGE: 64;

export interface CliOption {
  type: 'string' | 'boolean';
  short?: string;
  /** Repeatable: the value is the list of every occurrence (`--scope A --scope B`). */
  multiple?: boolean;
  /** The placeholder the usage shows after a string option: `--email EMAIL`. */
  value?: string;
  description: string;
}

export interface CliSpec<O extends Record<string, CliOption>> {
  /** How error lines name the tool: `admin:create: Unknown option '--x'`. */
  name: string;
  /** The synopsis after `Usage: `. */
  usage: string;
  /** What the tool does, what it reads from the environment, what it writes. */
  about: string;
  options?: O;
  positionals?: { min?: number; max?: number };
}

export type CliValues<O extends Record<string, CliOption>> = {
  [K in keyof O]?: O[K]['type'] extends 'boolean'
    ? boolean
    : O[K]['multiple'] extends true
      ? string[]
      : string;
};

export declare function parseCli<O extends Record<string, CliOption> = Record<never, CliOption>>(
  spec: CliSpec<O>,
  args?: string[],
): { values: CliValues<O>; positionals: string[] };

export declare function usageError(name: string, message: string): never;
