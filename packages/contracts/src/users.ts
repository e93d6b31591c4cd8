import { firstName, lastName, password, pin, username } from './auth.ts';
import { numbered, staffName } from './common.ts';
import { ROLES, USER_STATUSES } from './labels.ts';
import { statusListQueries } from './list-filters.ts';
import { z } from './zod.ts';

const roles = z
  .array(z.enum(ROLES, { error: 'Tipo de usuario inválido' }))
  .min(1, 'Seleccione al menos un tipo de usuario')
  .max(2)
  .refine((r) => new Set(r).size === r.length, 'Tipo de usuario repetido');

export const userCreate = z.object({
  name: firstName,
  lastName,
  username,
  password,
  pin,
  roles,
  status: z.enum(USER_STATUSES).default('A'),
});
export type UserCreate = z.input<typeof userCreate>;

/** On update, password and PIN are optional: absent means "keep the current one". */
export const userUpdate = userCreate.extend({
  password: password.optional(),
  pin: pin.optional(),
  status: z.enum(USER_STATUSES),
});
export type UserUpdate = z.input<typeof userUpdate>;

/**
 * A burst of wrong PINs against one user number (20 within an hour, from any addresses): reported to
 * administrators for a day (or until 'Desbloquear PIN'), never a lock of the agent.
 */
export const pinBurst = z.object({
  /** When the threshold was reached (ISO instant). */
  at: z.string(),
  /** The first wrong PIN of that hour (ISO instant). */
  since: z.string(),
  failedAttempts: z.number().int(),
  /** Client addresses and loans the wrong PINs came from / were typed for. */
  addresses: z.number().int(),
  loans: z.number().int(),
});
export type PinBurst = z.infer<typeof pinBurst>;

export const user = z.object({
  ...numbered,
  ...staffName,
  username: z.string(),
  roles: z.array(z.enum(ROLES)),
  status: z.enum(USER_STATUSES),
  createdOn: z.string(),
  /** In the users list: the burst of wrong PINs reported in the last day, if any. */
  pinBurst: pinBurst.nullable().optional(),
});
export type User = z.infer<typeof user>;

/** Columns a user list may be ordered by. */
export const USER_ORDER_COLUMNS = ['num', 'name', 'lastName', 'username', 'status', 'createdOn'] as const;

/**
 * `GET /api/v1/users/pin-locks` (administrators): every user with a PIN lock in force or a burst
 * reported in the last day, by number. A lock is of a pair (number, loan: `loans`) or of the number
 * for one client address (`addresses`); `lockedUntil` is when the latest ends (null: none in force).
 */
export const pinLock = z.object({
  userId: z.string(),
  num: z.number().int(),
  ...staffName,
  lockedUntil: z.string().nullable(),
  loans: z.number().int(),
  addresses: z.number().int(),
  burst: pinBurst.nullable(),
});
export type PinLock = z.infer<typeof pinLock>;

/** `POST /api/v1/users/{id}/unlock-pin` (administrators): every lock and wrong-PIN count is forgotten. */
export const pinUnlockResult = z.object({
  userId: z.string(),
  num: z.number().int(),
  /** Whether a lock was in force when it was removed. */
  wasLocked: z.boolean(),
});
export type PinUnlockResult = z.infer<typeof pinUnlockResult>;

/** Query of the users list (`q`: a user status) and of its CSV export. */
export const { list: userListQuery, export: userExportQuery } = statusListQueries(USER_STATUSES);
export type UserListQuery = z.output<typeof userListQuery>;
