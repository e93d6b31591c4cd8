import type { AgentSummary, Customer, CustomerDocument, CustomerListItem } from '@prestaya/contracts';
import { ADMIN_ID, AGENT_ID, adminLogin, CUSTOMER_ID } from '../../../test/fixtures.ts';
import { json, type SeenRequest } from '../../../test/utils.tsx';

export { ADMIN_ID, AGENT_ID, adminLogin, CUSTOMER_ID };

export const ADDRESS_ID = '0190a0c0-0000-7000-8000-0000000000d1';

export const agents: AgentSummary[] = [
  { id: ADMIN_ID, num: 1000, name: 'Ana', lastName: 'Gómez' },
  { id: AGENT_ID, num: 1001, name: 'Luis', lastName: 'Pérez' },
];

export const listItem: CustomerListItem = {
  id: CUSTOMER_ID,
  num: 17,
  name: 'José',
  lastName: 'Gómez',
  secondLastName: 'Núñez',
  phone: '5512345678',
  curp: 'GONJ800101HDFMXS02',
  status: 'PENDING',
  agent: agents[1] ?? null,
  createdOn: '2025-03-01T16:00:00.000Z',
  currentLoan: null,
};

export const customer: Customer = {
  ...listItem,
  agentId: AGENT_ID,
  rfc: null,
  birthDate: '1980-01-01',
  age: 45,
  sex: 'H',
  birthState: 'CIUDAD DE MEXICO',
  addresses: [],
};

export const address = {
  id: ADDRESS_ID,
  street: 'Av. Juárez',
  numExterior: '120',
  numInterior: null,
  neighborhood: 'Centro',
  city: 'Querétaro',
  state: 'QUERETARO' as const,
  postalCode: '76000',
};

export const ok = (status: number, data: unknown) => json(status, { status: 'OK', data });

/** Replies to GET /api/v1/agents; undefined for anything else. */
export function agentsReply(request: SeenRequest, list: AgentSummary[] = agents) {
  return request.method === 'GET' && request.url.pathname === '/api/v1/agents' ? ok(200, list) : undefined;
}

export const documentsPath = `/api/v1/customers/${CUSTOMER_ID}/documents`;

/** A document of the customer as the list returns it; an INE front image unless told otherwise. */
export function documentOf(id: string, overrides: Partial<CustomerDocument> = {}): CustomerDocument {
  return {
    id,
    type: 'INE_FRONT',
    description: null,
    filename: 'ine-frente.png',
    contentType: 'image/png',
    sizeBytes: 2_048,
    uploadedOn: '2025-03-10T16:30:00.000Z',
    documentDate: null,
    uploadedBy: { id: ADMIN_ID, name: 'Ana', lastName: 'Gómez' },
    uri: `${documentsPath}/${id}/file?expires=1900000000&signature=${'a'.repeat(64)}`,
    ...overrides,
  };
}
