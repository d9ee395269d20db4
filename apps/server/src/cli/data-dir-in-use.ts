import { DataDirLockedError, EXIT_DATA_DIR_LOCKED } from '../db/data-dir-lock.ts';

/**
 * A tool refused because a running portal holds DATA_DIR prints who holds it and what to do,
 * and exits with EX_TEMPFAIL (75), having changed nothing; any other error goes on.
 */
export function exitIfDataDirInUse(error: unknown): void {
  if (!(error instanceof DataDirLockedError)) return;
  console.error(error.message);
  process.exit(EXIT_DATA_DIR_LOCKED);
}

export async function openOrExit<T>(open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    exitIfDataDirInUse(error);
    throw error;
  }
}
