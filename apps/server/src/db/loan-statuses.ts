import { OPEN_STATUSES } from '@prestaya/domain';
import { sql } from 'drizzle-orm';

/**
 * `${loans.status} in (${OPEN_LOAN_STATUSES_SQL})` in raw statements: the open loans of
 * @prestaya/domain as SQL literals (constants, never input), so the statement PostgreSQL plans reads
 * exactly like a hand-written `in ('ACTIVE', 'DELAYED')`.
 */
export const OPEN_LOAN_STATUSES_SQL = sql.raw(OPEN_STATUSES.map((status) => `'${status}'`).join(', '));
