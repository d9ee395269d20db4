import { Codes, ERROR_CATALOGUE, ProtocolError, type ErrorCode } from './error-codes.ts';
import { errorBody } from './schemas/common.ts';

/**
 * A non-zero `code` in a response (protocol.md §1). Keeps the HTTP status and the raw body for
 * callers that need more than the code, such as `Retry-After` handling or a test's assertion.
 * A body that is not a protocol error body (a proxy's HTML page, say) becomes 10500.
 */
export class ApiError extends ProtocolError {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const parsed = errorBody.safeParse(body);
    if (parsed.success && isErrorCode(parsed.data.code)) {
      super(parsed.data.code, parsed.data.message, parsed.data.errors);
    } else {
      super(Codes.unexpected, `Unexpected response (HTTP ${status})`);
    }
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

function isErrorCode(code: number): code is ErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, code);
}
