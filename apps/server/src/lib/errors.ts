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
  constructor(message = 'You must be logged in to perform this action.') {
    super(401, message);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'You are not allowed to do this.') {
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
