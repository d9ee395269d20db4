/** protocol.md §1: every call lives under this prefix, paths end in '/'. */
const API_PREFIX = '/backend/api/v1';

export function apiUrl(baseUrl: string, path: string): string {
  return `${baseUrl}${API_PREFIX}${path}`;
}
