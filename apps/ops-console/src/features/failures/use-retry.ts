import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Retry one failed item, then refresh its list: back to pending, it leaves the failed list. */
export function useRetry(listKey: readonly string[], retry: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retry, onSuccess: () => void queryClient.invalidateQueries({ queryKey: listKey }) });
}
