import type { BankAccountCreate, Role } from '@prestaya/contracts';

/** Every demo user signs in with this password (printed by `npm run seed:demo`; demo data only). */
export const DEMO_PASSWORD = 'prestaya-demo';

export interface DemoStaffMember {
  key: string;
  name: string;
  lastName: string;
  username: string;
  roles: Role[];
  /** Agents only: the zone of places.ts pueblaZone they serve. */
  zone?: number;
}

export const DEMO_ADMIN_USERNAME = 'admin@demo.prestaya.mx';

/** Two administrators (owner and operations manager) and four field agents, one per zone. */
export const DEMO_STAFF: readonly DemoStaffMember[] = [
  {
    key: 'admin',
    name: 'Laura',
    lastName: 'Méndez Ortega',
    username: DEMO_ADMIN_USERNAME,
    roles: ['ROLE_ADMIN'],
  },
  {
    key: 'gerencia',
    name: 'Ricardo',
    lastName: 'Núñez Zamora',
    username: 'gerencia@demo.prestaya.mx',
    roles: ['ROLE_ADMIN'],
  },
  {
    key: 'agente1',
    name: 'Jesús',
    lastName: 'Ramírez Cuautle',
    username: 'agente1@demo.prestaya.mx',
    roles: ['ROLE_USER'],
    zone: 0,
  },
  {
    key: 'agente2',
    name: 'María Fernanda',
    lastName: 'Xochipa Ruiz',
    username: 'agente2@demo.prestaya.mx',
    roles: ['ROLE_USER'],
    zone: 1,
  },
  {
    key: 'agente3',
    name: 'Óscar',
    lastName: 'Téllez Bautista',
    username: 'agente3@demo.prestaya.mx',
    roles: ['ROLE_USER'],
    zone: 2,
  },
  {
    key: 'agente4',
    name: 'Guadalupe',
    lastName: 'Sánchez Ibáñez',
    username: 'agente4@demo.prestaya.mx',
    roles: ['ROLE_USER'],
    zone: 3,
  },
];

/** A CLABE with its Banxico check digit (weights 3, 7, 1; see contracts isValidClabe). */
export function withClabeCheckDigit(first17: string): string {
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * (weights[i % 3] ?? 0)) % 10;
  return `${first17}${(10 - (sum % 10)) % 10}`;
}

const HOLDER = 'PrestaYa Puebla S.A. de C.V.';

export type DemoAccountKey = 'caja' | 'bbva' | 'banorte';

/**
 * The cash box the agents bring collections to, the operating account loans are transferred from, and
 * the collections account customers transfer to. Opening balances are recorded as 'Saldo inicial'.
 */
export const DEMO_ACCOUNTS: readonly (BankAccountCreate & { key: DemoAccountKey })[] = [
  {
    key: 'caja',
    name: 'Caja general',
    bankName: 'Efectivo',
    cardNumber: null,
    clabe: null,
    customerName: HOLDER,
    balance: 150_000,
  },
  {
    key: 'bbva',
    name: 'BBVA Operación',
    bankName: 'BBVA México',
    cardNumber: '4152313866204581',
    clabe: withClabeCheckDigit('01265001234567890'),
    customerName: HOLDER,
    balance: 380_000,
  },
  {
    key: 'banorte',
    name: 'Banorte Cobranza',
    bankName: 'Banorte',
    cardNumber: '4915669012873340',
    clabe: withClabeCheckDigit('07265009876543210'),
    customerName: HOLDER,
    balance: 220_000,
  },
];
