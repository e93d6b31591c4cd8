import { type MutationKey, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

export interface ApiMutationOptions<TData, TVariables> {
  /** The query key prefixes the change makes stale (from the variables where it depends on them). */
  invalidates?: readonly QueryKey[] | ((variables: TVariables) => readonly QueryKey[]);
  /** Reload after a refusal too: a 409 means someone else changed the data meanwhile. */
  reloadAfterError?: boolean;
  /** Stay pending until the reload ends, so whatever follows the save already shows the saved data. */
  awaitReload?: boolean;
  /** The reply is the saved resource: show it at once under this key, before the reload. */
  cacheReplyAt?: (reply: TData) => QueryKey;
}

/** A write to the API and the cache it refreshes: the shape every feature's mutation hook shares. */
export function useApiMutation<TData, TVariables>(
  mutationKey: MutationKey,
  mutationFn: (variables: TVariables) => Promise<TData>,
  {
    invalidates = [],
    reloadAfterError = false,
    awaitReload = false,
    cacheReplyAt,
  }: ApiMutationOptions<TData, TVariables> = {},
) {
  const queryClient = useQueryClient();
  const reload = (variables: TVariables) => {
    const keys = typeof invalidates === 'function' ? invalidates(variables) : invalidates;
    const done = Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    return awaitReload ? done : undefined;
  };
  return useMutation({
    mutationKey,
    mutationFn,
    onSuccess: (reply, variables) => {
      if (cacheReplyAt) queryClient.setQueryData(cacheReplyAt(reply), reply);
      return reloadAfterError ? undefined : reload(variables);
    },
    onSettled: (_reply, _error, variables) => (reloadAfterError ? reload(variables) : undefined),
  });
}
