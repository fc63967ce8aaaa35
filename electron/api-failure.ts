import type { ApiError } from '../shared/api.js';

/** An error meant for the user: its message says what happened and what to do. */
export class ApiFailure extends Error {
  constructor(
    readonly code: ApiError['code'],
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}
