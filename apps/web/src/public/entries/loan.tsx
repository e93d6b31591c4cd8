import '../styles.ts';
import { NotFound } from '../../app/NotFound.tsx';
import LoanPage from '../pages/loan-details.tsx';
import { startPublicPage } from '../start.tsx';

/** pages/loan.html (/loans/:id): the statement's code comes with the document. */
startPublicPage((page) => (page.name === 'loan' ? <LoanPage id={page.id} /> : <NotFound />));
