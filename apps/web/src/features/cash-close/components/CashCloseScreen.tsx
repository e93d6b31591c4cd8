import { hasRole, useSession } from '../../../lib/session.ts';
import { AdminCashClose } from './AdminCashClose.tsx';
import { AgentCashClose } from './AgentCashClose.tsx';

/** 'Corte de caja': an agent sees their own day; an administrator chooses the agent and the day. */
export function CashCloseScreen() {
  const user = useSession()?.user;
  if (!user) return null;
  return hasRole(user, 'ROLE_ADMIN') ? <AdminCashClose /> : <AgentCashClose agentId={user.id} />;
}
