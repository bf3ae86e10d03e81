/** Every failed API or document call surfaces as this: the HTTP status and a message a person can read. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** True when the error policy already dealt with it (e.g. the session ended and the user was told). */
  readonly handled: boolean;
  /** The server's Retry-After in seconds (429, 503), when it sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly status: number,
    message: string,
    { handled = false, retryAfterSeconds }: { handled?: boolean; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.handled = handled;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
