import { UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { BRAND_LINK_LABEL, BrandMark } from './BrandMark.tsx';

/**
 * The brand as a back-office link. The public pages are another document (public.html), so a link to
 * them (the default '/') reloads the document instead of routing inside the back office.
 */
export function Brand({ to = '/', withTagline = true }: { to?: string; withTagline?: boolean }) {
  return (
    <UnstyledButton
      component={Link}
      to={to}
      reloadDocument={!to.startsWith('/admin')}
      aria-label={BRAND_LINK_LABEL}
    >
      <BrandMark withTagline={withTagline} />
    </UnstyledButton>
  );
}
