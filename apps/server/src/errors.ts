/**
 * Typed errors that services throw; plugins/errors.ts turns them into application/problem+json.
 * `detail` is always Spanish and safe to show to the user.
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
/** A 400 about one field: `detail` names the field the same way validation errors do. */
export const invalidField = (field: string, message: string) =>
  new HttpProblem(400, `${field}: ${message}`, [{ field, message }]);
export const unauthorized = (detail: string) => new HttpProblem(401, detail);
export const forbidden = (detail: string) => new HttpProblem(403, detail);
export const notFound = (detail: string) => new HttpProblem(404, detail);
export const conflict = (detail: string) => new HttpProblem(409, detail);
export const tooManyRequests = (detail: string) => new HttpProblem(429, detail);

/** Texts used by more than one module. */
export const MESSAGES = {
  invalidSession: 'Sesión inválida o expirada',
  forbidden: 'No tiene permisos para esta operación',
  notFound: 'Recurso no encontrado',
  internal: 'Error interno del servidor',
} as const;
