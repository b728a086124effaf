import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ClickDetailSchema, PURCHASE_PATHS, pathTo } from '@klik/api';
import { useApiClient } from '../api/use-api-client';

/**
 * Every query about clicks starts with this key: the click overview's, and the administrators'
 * list of clicks awaiting approval, so a decision refreshes both.
 */
export const CLICKS_QUERY_KEY = ['clicks'] as const;

/** Four-eyes: a second user approves or rejects a click that awaits approval. */
export function useDecideClick() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clickId, decision }: { clickId: number; decision: 'approve' | 'reject' }) =>
      api.call(
        'POST',
        decision === 'approve'
          ? pathTo(PURCHASE_PATHS.approve, { clickId })
          : pathTo(PURCHASE_PATHS.reject, { clickId }),
        ClickDetailSchema,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLICKS_QUERY_KEY }),
  });
}
