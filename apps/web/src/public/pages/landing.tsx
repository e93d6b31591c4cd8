import { NO_BUSINESS_SETTINGS } from '@prestaya/contracts/plain';
import type { LandingContact } from '../../features/landing/components/ContactSection.tsx';
import { Landing } from '../../features/landing/components/Landing.tsx';

/**
 * The build prerenders it with `contact="template"` (the server fills the business's data in); a
 * render in the browser (the dev server, public.html) has no settings, so it shows no contact.
 */
export default function Page({ contact = NO_BUSINESS_SETTINGS }: { contact?: LandingContact }) {
  return (
    <>
      <title>PrestaYa · Préstamos personales</title>
      <Landing contact={contact} />
    </>
  );
}
