import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A change whose list is asked again afterwards, whatever the answer: status, rotation and
 * revocation times come from the server, and a refusal may mean the list moved on.
 */
export function useRefreshingMutation<Input, Output>(
  queryKey: QueryKey,
  mutationFn: (input: Input) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
