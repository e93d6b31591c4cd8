import '../../../components/print/print.css';
import './contract.css';
import type { LoanContract } from '@prestaya/contracts';
import { PrintState } from '../../../components/print/PrintDocument.tsx';
import { useLoanContract } from '../api/get-loan-contract.ts';
import { ContractToolbar } from './ContractToolbar.tsx';
import { CoverPage } from './CoverPage.tsx';

function TextSheet({ title, text, label }: { title: string; text: string; label: string }) {
  return (
    <main className="print-sheet contract-sheet" aria-label={label}>
      <h1 className="print-section-title" style={{ fontSize: '13pt' }}>
        {title}
      </h1>
      <div className="contract-text">{text}</div>
      <div className="print-signatures">
        <div>Firma del cliente</div>
        <div>Firma del otorgante</div>
      </div>
    </main>
  );
}

function Documents({ contract, coverOnly }: { contract: LoanContract; coverOnly: boolean }) {
  return (
    <div className="print-screen">
      <title>{`Contrato y pagaré · Préstamo ${contract.loan.num} · PrestaYa`}</title>
      <ContractToolbar contract={contract} coverOnly={coverOnly} />
      <CoverPage contract={contract} />
      {!coverOnly && (
        <>
          <TextSheet title="Contrato" label="Contrato" text={contract.contractText} />
          <TextSheet title="Pagaré" label="Pagaré" text={contract.promissoryNoteText} />
        </>
      )}
    </div>
  );
}

/**
 * /admin/print/loans/:id/contract — 'Contrato y pagaré': the cover page, the contract and the promissory
 * note of one loan, for whoever sees the loan; `?cover=1` prints the cover page alone.
 */
export function ContractDocuments({ loanId, coverOnly = false }: { loanId: string; coverOnly?: boolean }) {
  const query = useLoanContract(loanId);
  if (query.data) return <Documents contract={query.data} coverOnly={coverOnly} />;
  return (
    <PrintState
      isPending={query.isPending}
      error={query.error}
      what="el contrato"
      onRetry={() => void query.refetch()}
    />
  );
}
