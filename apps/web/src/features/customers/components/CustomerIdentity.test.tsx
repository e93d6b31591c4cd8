import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/utils.tsx';
import { customer } from '../test/fixtures.ts';
import { CustomerIdentity, NO_CURP_FACTS } from './CustomerIdentity.tsx';

describe('Identidad', () => {
  it('shows what the CURP tells and the RFC', () => {
    renderWithProviders(<CustomerIdentity customer={{ ...customer, rfc: 'GONJ800101AB1' }} />);
    expect(screen.getByTestId('identity-birth-date')).toHaveTextContent('01/01/1980');
    expect(screen.getByTestId('identity-age')).toHaveTextContent('45 años');
    expect(screen.getByTestId('identity-sex')).toHaveTextContent('Hombre');
    expect(screen.getByTestId('identity-birth-state')).toHaveTextContent('CIUDAD DE MEXICO');
    expect(screen.getByTestId('identity-rfc')).toHaveTextContent('GONJ800101AB1');
  });

  it('says a stored CURP that fails the check tells nothing, and that there is no RFC', () => {
    const legacy = { ...customer, birthDate: null, age: null, sex: null, birthState: null };
    renderWithProviders(<CustomerIdentity customer={legacy} />);
    expect(screen.getByText(NO_CURP_FACTS)).toBeInTheDocument();
    expect(screen.queryByTestId('identity-age')).not.toBeInTheDocument();
    expect(screen.getByTestId('identity-rfc')).toHaveTextContent('Sin RFC');
  });
});
