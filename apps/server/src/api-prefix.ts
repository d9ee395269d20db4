/** Where the API's routes live; everything else is the web app's pages, files and probes. */
export const API_PREFIX = '/backend/api/v1';
