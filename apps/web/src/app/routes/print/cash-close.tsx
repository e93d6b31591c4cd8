import { useSearchParams } from 'react-router';
import { CashCloseSummary } from '../../../features/cash-close/components/CashCloseSummary.tsx';

/**
 * /admin/print/cash-close?agentId&date — outside the admin shell, behind the session; an agent may
 * print only their own day (the server refuses another's).
 */
export function Component() {
  const [params] = useSearchParams();
  const agentId = params.get('agentId') ?? undefined;
  const date = params.get('date') ?? undefined;
  return <CashCloseSummary key={`${agentId}/${date}`} agentId={agentId} date={date} />;
}
