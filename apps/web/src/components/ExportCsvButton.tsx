import { Button, type ButtonProps } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { apiDownload, type QueryValue } from '../lib/api.ts';
import { saveBlob } from '../lib/download.ts';
import { notify } from '../lib/notify.ts';

export const EXPORT_CSV_LABEL = 'Descargar CSV';
export const EXPORT_CSV_ERROR = 'No se pudo descargar el CSV';

export interface ExportCsvButtonProps extends Pick<ButtonProps, 'size' | 'variant'> {
  /** e.g. `/api/v1/customers/export.csv`. */
  path: string;
  /** The list's current search, filter and order (empty values are not sent); never page/size. */
  query?: Record<string, QueryValue>;
  /** Used when the server names no file. */
  fallbackName?: string;
  label?: string;
}

/**
 * 'Descargar CSV': fetches the export with the session's token and saves it under the server's file
 * name (Content-Disposition). A failure is a toast with the server's Spanish detail.
 */
export function ExportCsvButton({
  path,
  query,
  fallbackName = 'export.csv',
  label = EXPORT_CSV_LABEL,
  size = 'sm',
  variant = 'default',
}: ExportCsvButtonProps) {
  const [loading, setLoading] = useState(false);

  const download = async () => {
    setLoading(true);
    try {
      const file = await apiDownload(path, query, { accept: 'text/csv' });
      saveBlob(file.blob, file.filename ?? fallbackName);
    } catch (error) {
      notify.apiError(error, EXPORT_CSV_ERROR);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Button
      type="button"
      size={size}
      variant={variant}
      loading={loading}
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      onClick={() => void download()}
    >
      {label}
    </Button>
  );
}
