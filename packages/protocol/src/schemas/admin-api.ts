import { z } from 'zod';

// The admin API (protocol.md §7: its paths are ours, documented at /backend/api/docs): what its
// schemas share. Answers are sealed: they name people. Write bodies are sealed too.

export const isoTime = z.string().describe('ISO 8601 time, UTC');
export const page = z.coerce.number().int().min(1).max(100_000).default(1);
export const pageSize = z.coerce.number().int().min(1).max(100).default(25);
export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;
