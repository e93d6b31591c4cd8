import {
  type ContractTemplateInput,
  type ContractTemplateKind,
  contractTemplate,
  z,
} from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { contractsKeys } from './keys.ts';

/** GET /api/v1/contract-templates (administrators): both texts. */
export const useContractTemplates = () =>
  useQuery(
    apiQuery({
      read: z.array(contractTemplate).parse,
      queryKey: contractsKeys.templates(),
      path: apiPaths.contractTemplates,
      staleTime: 0,
    }),
  );

const save = ({ kind, body }: { kind: ContractTemplateKind } & ContractTemplateInput) =>
  apiData.put(apiPaths.contractTemplate(kind), contractTemplate.parse, { body });

/** PUT /api/v1/contract-templates/:kind. */
export const useSaveContractTemplate = () =>
  useApiMutation(['contracts', 'templates', 'save'], save, {
    invalidates: [contractsKeys.templates()],
    awaitReload: true,
  });

const restore = (kind: ContractTemplateKind) =>
  api.delete(apiPaths.contractTemplate(kind)).then(() => undefined);

/** DELETE /api/v1/contract-templates/:kind: 'Restaurar texto predeterminado'. */
export const useRestoreContractTemplate = () =>
  useApiMutation(['contracts', 'templates', 'restore'], restore, {
    invalidates: [contractsKeys.templates()],
    awaitReload: true,
  });
