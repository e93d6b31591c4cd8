import { LOAN_STATUSES, MX_STATES, USER_STATUSES } from '@prestaya/contracts';
import { MAX_PAYMENT_FEES, MAX_PAYMENT_INSTALLMENTS } from '@prestaya/domain';
import { v7 as uuidv7 } from 'uuid';
import { curpFor, fixture } from '../../support/builders.ts';
import type { World } from '../world.ts';
import type { BodySpec } from './breakers.ts';
import type { MultipartSpec } from './multipart.ts';

/**
 * What each write route of the fuzz suite accepts: a valid body (the template) and the kind of each
 * field, from which breakers.ts makes bodies broken in at least one field.
 */

const money = (options: { allowZero?: boolean; optional?: boolean } = {}) => ({
  kind: 'money' as const,
  ...options,
});
const text = (max: number, optional = false) => ({ kind: 'text' as const, max, optional });
const format = (invalid: readonly unknown[], options: { optional?: boolean; typed?: boolean } = {}) => ({
  kind: 'format' as const,
  invalid,
  typed: options.typed ?? true,
  optional: options.optional ?? false,
});

const USERNAME_INVALID = [
  'sin-arroba',
  'a@',
  '@prestaya.mx',
  `${'x'.repeat(121)}@b.mx`,
  'a b@c.mx',
  "' OR 1=1@x",
];
const PASSWORD_INVALID = ['corta', '1234567', 'x'.repeat(129)];
const PIN_INVALID = ['123', '1234567', 'abcd', '12 34', '١٢٣٤', '12\u000034'];

const userFields = {
  name: text(80),
  lastName: text(80),
  username: format(USERNAME_INVALID),
  password: format(PASSWORD_INVALID),
  pin: format(PIN_INVALID),
  roles: { kind: 'roles' as const },
  status: { kind: 'enum' as const, values: USER_STATUSES, optional: true },
};
const customerFields = {
  name: text(80),
  lastName: text(80),
  secondLastName: text(80, true),
  phone: format(['123', '55123456789', '55-1234-567', 'abcdefghij', '５５１２３４５６７８', "55' OR '1"]),
  curp: format(['CORTA', 'X'.repeat(17), 'X'.repeat(19), 'GOMJ800101HDFRRS09 EXTRA', "' OR 1=1 --"]),
  agentId: { kind: 'uuid' as const, optional: true },
  status: { kind: 'enum' as const, values: ['PENDING'], optional: true },
};
const addressFields = {
  street: text(120),
  numExterior: text(20),
  numInterior: text(20, true),
  neighborhood: text(120),
  city: text(120),
  state: { kind: 'enum' as const, values: MX_STATES },
  postalCode: format(['1234', '123456', 'abcde', '12 34', '0394\u0000']),
};
const loanFields = {
  amount: money(),
  term: { kind: 'literal' as const, value: 12, optional: true },
  dailyFee: { kind: 'literal' as const, value: 50, optional: true },
  requestDate: { kind: 'date' as const, optional: true },
  loanFromPast: { kind: 'bool' as const, optional: true },
};

const customerTemplate = () => ({
  name: 'José',
  lastName: 'Gómez',
  secondLastName: 'Núñez',
  phone: '5512345678',
  curp: curpFor(Math.floor(Math.random() * 168_000)),
});
const addressTemplate = () => ({
  street: 'Av. Insurgentes Sur',
  numExterior: '1602',
  neighborhood: 'Crédito Constructor',
  city: 'Benito Juárez',
  state: 'CIUDAD DE MEXICO',
  postalCode: '03940',
});

/** Body specs per write route, over the seeded `world`. */
export function fuzzBodies(world: () => World) {
  /** Valid bodies per write route; a generated one is always broken in at least one field. */
  const BODIES: Record<string, () => BodySpec> = {
    'POST /api/v1/auth/login': () => ({
      template: () => ({ username: world().agent.username, password: 'incorrecta' }),
      fields: { username: text(120), password: text(128) },
    }),
    'POST /api/v1/auth/password-reset/:token': () => ({
      template: () => ({ password: 'secreto123' }),
      fields: { password: userFields.password },
    }),
    'POST /api/v1/auth/register': () => ({
      template: () => ({
        name: 'Ana',
        lastName: 'Pérez',
        username: 'nueva@prestaya.mx',
        password: 'secreto123',
        pin: '4826',
      }),
      fields: {
        name: userFields.name,
        lastName: userFields.lastName,
        username: userFields.username,
        password: userFields.password,
        pin: userFields.pin,
      },
    }),
    'POST /api/v1/users': () => ({
      template: () => ({
        name: 'Nuevo',
        lastName: 'Usuario',
        username: `fuzz-${uuidv7()}@prestaya.mx`,
        password: 'secreto123',
        pin: '4826',
        roles: ['ROLE_USER'],
      }),
      fields: userFields,
    }),
    'PUT /api/v1/users/:id': () => ({
      template: () => ({
        name: 'Sara',
        lastName: 'Suplente',
        username: world().spare.username,
        roles: ['ROLE_USER'],
        status: 'A',
      }),
      fields: {
        ...userFields,
        password: format(PASSWORD_INVALID, { optional: true }),
        pin: format(PIN_INVALID, { optional: true }),
        status: { kind: 'enum', values: USER_STATUSES },
      },
    }),
    'POST /api/v1/customers': () => ({ template: customerTemplate, fields: customerFields }),
    'PUT /api/v1/customers/:id': () => ({
      template: () => ({ ...customerTemplate(), curp: world().customer.curp, agentId: world().agent.id }),
      fields: customerFields,
    }),
    'POST /api/v1/customers/:id/addresses': () => ({ template: addressTemplate, fields: addressFields }),
    'PUT /api/v1/customers/:id/addresses/:addressId': () => ({
      template: addressTemplate,
      fields: addressFields,
    }),
    'POST /api/v1/customers/:id/loans': () => ({ template: () => ({ amount: 1_000 }), fields: loanFields }),
    'PUT /api/v1/loans/:id': () => ({
      template: () => ({ amount: 2_500 }),
      fields: {
        ...loanFields,
        amount: money({ optional: true }),
        status: { kind: 'enum', values: LOAN_STATUSES, optional: true },
      },
    }),
    'PUT /api/v1/loans/:id/approve': () => ({
      template: () => ({ bankAccountId: world().account.id }),
      fields: { bankAccountId: { kind: 'uuid', optional: true } },
    }),
    'POST /api/v1/bank-accounts': () => ({
      template: () => ({ name: 'Caja', bankName: 'Efectivo', customerName: 'Caja', balance: 100 }),
      fields: {
        name: text(80),
        bankName: text(80),
        cardNumber: format(['123', '4152 3134 1234 5678', 'abcdefghijklmnop', '41523134123456789'], {
          optional: true,
        }),
        clabe: format(['002010077777777772', '12345', 'abcdefghijklmnopqr'], { optional: true }),
        customerName: text(120),
        balance: money({ allowZero: true, optional: true }),
      },
    }),
    'PATCH /api/v1/bank-accounts/:id': () => ({
      template: () => ({ deposit: 100, reason: 'Fuzz' }),
      fields: { deposit: money(), reason: text(200) },
    }),
    'PATCH /api/v1/payments/:id': () => ({
      template: () => ({ status: 'REJECTED', reason: 'Fuzz' }),
      fields: {
        status: { kind: 'enum', values: ['PAID', 'REJECTED'] },
        targetAccountId: { kind: 'uuid', optional: true },
        reason: text(300),
      },
    }),
    'PUT /api/v1/loans/:id/fees/:feeId/cancel': () => ({
      template: () => ({ reason: 'Fuzz' }),
      fields: { reason: text(300) },
    }),
    'DELETE /api/v1/loans/:id/fees/:feeId': () => ({
      template: () => ({ reason: 'Fuzz' }),
      fields: { reason: text(300) },
    }),
  };

  const paymentRequestFields = (method: BodySpec['fields'][string]): BodySpec['fields'] => ({
    scheduledPaymentIds: { kind: 'uuids', max: MAX_PAYMENT_INSTALLMENTS },
    feeIds: { kind: 'uuids', max: MAX_PAYMENT_FEES },
    paymentMethod: method,
  });

  /** Multipart payment registrations (staff and public), always refused for at least one reason. */
  const MULTIPART: Record<string, () => MultipartSpec> = {
    'POST /api/v1/loans/:id/payments': () =>
      staffOrPublic(
        'CASH',
        'TRANSFER',
        { kind: 'enum', values: ['CASH', 'TRANSFER'] },
        {
          // Malformed, or well formed but out of any bounds the settings allow (refused by the server).
          collectedAt: format(
            [
              'ayer',
              '',
              '2026-03-18',
              '2026-03-18T14:34',
              '2026-02-30T14:34:00Z',
              '1900-01-01T00:00:00Z',
              '2999-01-01T00:00:00Z',
              `2026-03-18T14:34:00.${'1'.repeat(40)}Z`,
            ],
            { optional: true },
          ),
        },
      ),
    'POST /public/api/v1/loans/:id/payments': () =>
      staffOrPublic(
        0,
        1,
        format([2, -1, '2', 'cash', 'EFECTIVO', 1.5, '01', true, [], {}, null], { typed: false }),
      ),
    'POST /public/api/v1/loans/:id/payment-requests': () =>
      staffOrPublic(
        0,
        1,
        format([2, -1, '2', 'cash', 'EFECTIVO', 1.5, '01', true, [], {}, null], { typed: false }),
      ),
  };

  let nextInstallment = '';
  function staffOrPublic(
    cash: unknown,
    transfer: unknown,
    method: BodySpec['fields'][string],
    extraFields: BodySpec['fields'] = {},
  ): MultipartSpec {
    const validRequest = () => ({ scheduledPaymentIds: [nextInstallment], feeIds: [], paymentMethod: cash });
    return {
      validRequest,
      cash,
      transfer,
      png: fixture('proof.png'),
      requestSpec: { template: validRequest, fields: { ...paymentRequestFields(method), ...extraFields } },
    };
  }

  return {
    BODIES,
    MULTIPART,
    /** The installment a valid payment request names (the active loan's oldest payable one). */
    setNextInstallment(id: string) {
      nextInstallment = id;
    },
  };
}
