import { type FormErrors, schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { isApiError } from './api.ts';
import { notify } from './notify.ts';

type FieldErrorsTarget<V> = Pick<UseFormReturnType<V>, 'values' | 'setFieldError'>;

/** The server's per-field messages (the `errors` of a 400/409 problem) on the form fields they name. */
export function showServerFieldErrors<V>(form: FieldErrorsTarget<V>, error: unknown): void {
  for (const issue of isApiError(error) ? error.errors : []) {
    if (issue.field in (form.values as object)) form.setFieldError(issue.field, issue.message);
  }
}

/**
 * The callbacks of a form's save: on success a toast, then `onSaved`; on failure the server's field
 * messages on their fields and its detail in a toast titled `failed` (docs/product.md §8: the dialog stays open
 * with the data so it can be corrected).
 */
export function saveCallbacks<V, R>(
  form: FieldErrorsTarget<V>,
  { saved, failed, onSaved }: { saved: string; failed?: string; onSaved: (result: R) => void },
) {
  return {
    onSuccess: (result: R) => {
      notify.success(saved);
      onSaved(result);
    },
    onError: (error: unknown) => {
      showServerFieldErrors(form, error);
      notify.apiError(error, failed);
    },
  };
}

/** The messages a schema (from the contracts) gives the payload a form's values make. */
export function schemaCheck<V>(
  schema: Parameters<typeof schemaResolver>[0],
  toPayload: (values: V) => unknown,
): (values: V) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) => resolve(toPayload(values));
}

/**
 * A dialog form checked as the user types and leaves each field, by `check` (field → message), plus
 * whether the values pass it now: 'Guardar' stays off until they do.
 */
// biome-ignore lint/suspicious/noExplicitAny: Mantine's own bound for form values.
export function useCheckedForm<V extends Record<string, any>>(
  initialValues: V,
  check: (values: V) => FormErrors,
) {
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate: check,
    validateInputOnBlur: true,
    validateInputOnChange: true,
  });
  return { form, valid: Object.keys(check(form.values)).length === 0 };
}

/** The text fields of the record being edited, or blanks for a new one (a missing value reads ''). */
export function textFieldsOf<K extends string>(
  record: Partial<Record<K, string | null>> | undefined,
  keys: readonly K[],
): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, record?.[key] ?? ''])) as Record<K, string>;
}
