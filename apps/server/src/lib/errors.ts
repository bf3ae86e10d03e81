import { FORBIDDEN_ACTION_MESSAGE } from '@ember/contracts/errors';

/** Typed errors services throw; the one error handler maps them to `{ message }` with the status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

export class Unauthorized extends AppError {
  constructor(message = FORBIDDEN_ACTION_MESSAGE) {
    super(401, message);
  }
}

/** Authorization refusals come from the policy module, with its one message per kind of refusal. */
export class Forbidden extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}

export class NotFound extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

/** A limit was reached; the client may try again after `retryAfterSeconds` (sent as Retry-After). */
export class TooManyRequests extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/** 422: the request is well-formed but contradicts what the server already recorded (e.g. a reused Idempotency-Key). */
export class Unprocessable extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}

/**
 * 503: nothing was done and the same request may succeed later (a processor that could not be
 * reached, or money an event names that the store cannot place yet); a processor redelivers it.
 */
export class RetryLater extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}
