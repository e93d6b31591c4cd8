/**
 * PostgreSQL `text` cannot hold the NUL character (U+0000): writing one fails in the driver. Form
 * fields that contain it are refused with a 400 naming the field instead of reaching the database.
 */
export const NUL_CHARACTER_MESSAGE = 'Contiene caracteres no permitidos';

/** The first field (in the object's order) whose string value contains U+0000, if any. */
export function fieldWithNulCharacter(fields: Record<string, unknown>): string | undefined {
  return Object.entries(fields).find(
    ([, value]) => typeof value === 'string' && value.includes('\u0000'),
  )?.[0];
}
