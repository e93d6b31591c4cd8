export { USER_STATUS_BADGES } from '../../lib/status-badges.ts';
