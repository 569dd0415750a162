import { genericErrorMessages, statusByErrorCode, type ErrorCode, type FieldErrors } from '@huddle/shared/errors';

/** The one error type services throw; the error handler turns it into the error reply. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly fields?: FieldErrors,
  ) {
    super(
      message ??
        (code in genericErrorMessages ? genericErrorMessages[code as keyof typeof genericErrorMessages] : code),
    );
    this.status = statusByErrorCode[code];
  }
}
