/** spec §8: other HTTP errors reject with the response body; this carries it with its status. */
export interface ErrorBody {
  code: number;
  message?: string;
  errors?: { path: string; message: string }[];
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    super(body.message ?? `Request failed with code ${body.code}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.body = body;
  }
}

/** The API could not be reached (offline, server down, timeout): the network-issue screen's case. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The portal server cannot be reached', { cause });
    this.name = 'NetworkError';
  }
}
