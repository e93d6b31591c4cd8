import { USER_STATUS_LABELS, USER_STATUSES, type UserStatus } from '@prestaya/contracts';
import type { StatusLabel } from '../../components/StatusBadge.tsx';

const STATUS_COLORS: Record<UserStatus, string> = { A: 'teal', DELAYED: 'orange', CANCELLED: 'red' };

/** User status badges: Activo / Atrasado / Cancelado. */
export const USER_STATUS_BADGES: StatusLabel[] = USER_STATUSES.map((value) => ({
  value,
  text: USER_STATUS_LABELS[value],
  color: STATUS_COLORS[value],
}));
