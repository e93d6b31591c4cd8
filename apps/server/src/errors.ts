/**
 * The error a request fails with; plugins/errors.ts turns it into application/problem+json.
 * `detail` is always Spanish and safe to show to the user. Services refuse with the codes of
 * http/refusals.ts (a Refusal is an HttpProblem built from its table); `badRequest` remains for the
 * validation errors assembled from a schema's issues.
 */
export interface FieldError {
  field: string;
  message: string;
}

export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: FieldError[],
  ) {
    super(detail);
    this.name = 'HttpProblem';
  }
}

export const badRequest = (detail: string, errors?: FieldError[]) => new HttpProblem(400, detail, errors);
