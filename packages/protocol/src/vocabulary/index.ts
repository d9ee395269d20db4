import type { Locale } from '../schemas/auth.ts';
import * as cn from './cn.ts';
import * as gb from './gb.ts';
import type { Vocabulary } from './vocabulary.ts';

export type { Vocabulary } from './vocabulary.ts';

/** Both languages' tables, for the server's PDFs and exports; a web page imports only its language's. */
export const VOCABULARY: Record<Locale, Vocabulary> = { gb, cn };
