/** protocol.md §1: every call lives under this prefix, paths end in '/'. */
const API_PREFIX = '/backend/api/v1';

export function apiPath(path: string): string {
  return `${API_PREFIX}${path}`;
}

export function apiUrl(baseUrl: string, path: string): string {
  return `${baseUrl}${apiPath(path)}`;
}
