import { ADMIN_PAGE_SIZES, type AuditQuery } from '@portal/protocol';

/** The viewer's filters as typed, kept in the address so a link can open it filtered (user detail does). */
export interface AuditFilters {
  actor: string;
  subject: string;
  /** The start of the subject's name. */
  subject_name: string;
  action: string;
  /** Calendar days (YYYY-MM-DD) in the administrator's own time zone; both included. */
  from: string;
  to: string;
  page: number;
  pageSize: number;
}

const FIELDS = ['actor', 'subject', 'subject_name', 'action', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DEFAULT_PAGE_SIZE = 50;

export function filtersFrom(params: URLSearchParams): AuditFilters {
  const text = (name: string) => params.get(name)?.slice(0, 254) ?? '';
  const day = (name: string) => (DAY.test(text(name)) ? text(name) : '');
  const page = Number(params.get('page'));
  const size = Number(params.get('page_size'));
  return {
    actor: text('actor'),
    subject: text('subject'),
    subject_name: text('subject_name').slice(0, 100),
    action: text('action'),
    from: day('from'),
    to: day('to'),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: (ADMIN_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

export function paramsFrom(filters: AuditFilters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of FIELDS) if (filters[name].trim()) params[name] = filters[name].trim();
  if (filters.page > 1) params.page = String(filters.page);
  if (filters.pageSize !== DEFAULT_PAGE_SIZE) params.page_size = String(filters.pageSize);
  return params;
}

/** Local midnight, so "from 3 May to 3 May" means that whole day where the administrator is. */
const startOfDay = (day: string, plusDays = 0) => {
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + plusDays);
  return date.toISOString();
};

/** The API's query: the end day is included, so the server's exclusive `to` is the next midnight. */
export function apiQueryOf(filters: AuditFilters): AuditQuery {
  return {
    actor: filters.actor.trim() || undefined,
    subject: filters.subject.trim() || undefined,
    subject_name: filters.subject_name.trim() || undefined,
    action: filters.action.trim() || undefined,
    from: filters.from ? startOfDay(filters.from) : undefined,
    to: filters.to ? startOfDay(filters.to, 1) : undefined,
    page: filters.page,
    page_size: filters.pageSize,
  };
}
