import '../styles.ts';
import { NotFound } from '../../app/NotFound.tsx';
import ConsultaPage from '../pages/consulta.tsx';
import { startPublicPage } from '../start.tsx';

/** pages/consulta.html (/consulta): the form's code comes with the document. */
startPublicPage((page) => (page.name === 'consulta' ? <ConsultaPage /> : <NotFound />));
