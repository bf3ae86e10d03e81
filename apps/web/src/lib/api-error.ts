/** Every failed API or document call surfaces as this: the HTTP status and a message a person can read. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
