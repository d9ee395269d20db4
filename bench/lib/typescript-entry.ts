/**
 * Runs a TypeScript entry with Node and tsx's loader rather than through `npx tsx`: the same
 * loader, but one process instead of three (npm, the tsx CLI, node), so nothing stands between
 * the signals we send and the server. Resolved from the working directory, the repository root.
 */
export function typescriptEntry(file: string): { command: string; args: string[] } {
  return { command: process.execPath, args: ['--import', 'tsx', file] };
}
