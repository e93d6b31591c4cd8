import { bookImport, bookImportDetails, type ImportMode, type ImportRunEvent, z } from '@prestaya/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiData, apiDownload, apiLines } from '../../../lib/api.ts';
import { saveBlob } from '../../../lib/download.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export const importKeys = {
  all: queryRoots.imports,
  list: () => [...queryRoots.imports, 'list'] as const,
};

/** GET /api/v1/imports (admin): the latest imports. */
export const useImports = () =>
  useQuery(
    apiQuery({ read: z.array(bookImport).parse, queryKey: importKeys.list(), path: apiPaths.imports }),
  );

/** POST /api/v1/imports (admin): the dry run of a file; nothing of the book is written. */
export function checkFile(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiData.post(apiPaths.imports, bookImportDetails.parse, form);
}

export const useCheckFile = () =>
  useApiMutation(['imports', 'check'], checkFile, { invalidates: [importKeys.all] });

export interface RunProgress {
  processed: number;
  total: number;
}

/**
 * POST /api/v1/imports/{id}/run: the run, its progress read from the reply's lines as it writes. After
 * it every screen that shows customers, loans or figures is reloaded (the import wrote all of them).
 */
export function useRunImport() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<RunProgress | null>(null);
  const mutation = useApiMutation(
    ['imports', 'run'],
    async ({ id, mode }: { id: string; mode: ImportMode }) => {
      setProgress({ processed: 0, total: 0 });
      let result: z.infer<typeof bookImportDetails> | null = null;
      let failure: ApiError | null = null;
      await apiLines(apiPaths.bookImportRun(id), { mode }, (line) => {
        const event = line as ImportRunEvent;
        if (event.type === 'progress') setProgress({ processed: event.processed, total: event.total });
        else if (event.type === 'done') result = bookImportDetails.parse(event.import);
        else failure = new ApiError(event.status, event.detail);
      });
      if (failure) throw failure;
      if (!result) throw new ApiError(500, 'La importación no terminó; no se escribió nada');
      for (const root of [
        queryRoots.customers,
        queryRoots.loans,
        queryRoots.reports,
        queryRoots.collections,
      ]) {
        void queryClient.invalidateQueries({ queryKey: root });
      }
      return result as z.infer<typeof bookImportDetails>;
    },
    { invalidates: [importKeys.all] },
  );
  return { ...mutation, progress };
}

async function save(path: string, fallback: string) {
  const file = await apiDownload(path);
  saveBlob(file.blob, file.filename ?? fallback);
}

export const downloadTemplate = () => save(apiPaths.importTemplate, 'plantilla-importacion.xlsx');
export const downloadImportFile = (id: string, name: string) => save(apiPaths.bookImportFile(id), name);
export const downloadRejectedRows = (id: string) =>
  save(apiPaths.bookImportRejected(id), 'filas-rechazadas.csv');
