/** protocol.md §6: the one error catalogue shared by server and clients. */
export const ERROR_CATALOGUE = {
  10400: { http: 400, message: 'Validation failed' },
  10401: { http: 401, message: 'Session expired' },
  10403: { http: 403, message: 'Not allowed' },
  10404: { http: 404, message: 'Items not found' },
  10409: { http: 409, message: 'The current status does not allow this action' },
  10012: {
    http: 423,
    message: 'Account Locked - Too many failed login attempts. Please try again in 5 minutes.',
  },
  10013: { http: 401, message: 'The email or password you entered is incorrect.' },
  10014: { http: 400, message: 'Unknown or expired handshake: handshake again' },
  10015: { http: 400, message: 'Salt already used' },
  10016: { http: 400, message: 'Decryption failed' },
  10408: { http: 408, message: 'Request timeout' },
  10413: { http: 413, message: 'Payload too large' },
  10414: { http: 414, message: 'Address too long' },
  10415: { http: 415, message: 'File type is incorrect' },
  10429: { http: 429, message: 'Too many requests' },
  10431: { http: 431, message: 'Request headers too large' },
  10500: { http: 500, message: 'Unexpected error' },
  10503: { http: 503, message: 'Service temporarily unavailable' },
} as const satisfies Record<number, { http: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** Names for the codes, so code reads `Codes.itemsNotFound` rather than a bare number. */
export const Codes = {
  validation: 10400,
  sessionExpired: 10401,
  forbidden: 10403,
  itemsNotFound: 10404,
  conflict: 10409,
  accountLocked: 10012,
  wrongCredentials: 10013,
  unknownHandshake: 10014,
  saltReused: 10015,
  decryptionFailed: 10016,
  requestTimeout: 10408,
  tooLarge: 10413,
  uriTooLong: 10414,
  fileType: 10415,
  rateLimited: 10429,
  headersTooLarge: 10431,
  unexpected: 10500,
  unavailable: 10503,
} as const satisfies Record<string, ErrorCode>;

export interface FieldError {
  path: string;
  message: string;
}

/**
 * An error that carries a protocol code. Thrown by the protocol's own functions
 * ('Invalid hex string', 'Decryption failed') and by server services; the server's
 * error plugin is the only place that turns it into a response body.
 */
export class ProtocolError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;

  constructor(code: ErrorCode, message: string = ERROR_CATALOGUE[code].message, errors?: FieldError[]) {
    super(message);
    this.name = 'ProtocolError';
    this.code = code;
    this.errors = errors;
  }
}

/**
 * The rule an error's message names in one of the protocol's message tables (USER_CONFLICTS,
 * DOCUMENT_CONFLICTS, …): clients choose their words, and the audit log its reason, by the rule.
 */
export function ruleOfMessage<T extends Record<string, string>>(
  table: T,
  message: string | undefined,
): Extract<keyof T, string> | undefined {
  return (Object.keys(table) as Extract<keyof T, string>[]).find((rule) => table[rule] === message);
}
