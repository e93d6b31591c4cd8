import '../styles.ts';
import { NotFound } from '../../app/NotFound.tsx';
import LandingPage from '../pages/landing.tsx';
import { startPublicPage } from '../start.tsx';

/** pages/landing.html (/): the page's code comes with the document, not after the entry has run. */
startPublicPage((page) => (page.name === 'landing' ? <LandingPage /> : <NotFound />));
