import { useEffect, useSyncExternalStore } from 'react';
import { Outlet } from 'react-router';
import type { ApiClient } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { readSession } from '../../../shared/session/session-store';
import { cancelQuote } from '../api/purchase-api';
import { openQuoteIds, purchaseDraftValue, type PurchaseDraft } from '../purchase-draft';

// How many flow layouts are mounted; React's strict mode unmounts and mounts again at once.
let mounted = 0;

/** Leaving the flow: the draft is dropped and an unconfirmed quote given up. */
export function leavePurchaseFlow(api: ApiClient): void {
  const quotes = openQuoteIds(purchaseDraftValue.get());
  purchaseDraftValue.remove();
  if (readSession()) for (const quoteId of quotes) void cancelQuote(api, quoteId);
}

/** The draft as stored; screens re-render when it changes. */
export function usePurchaseDraft(): PurchaseDraft | null {
  return useSyncExternalStore(purchaseDraftValue.subscribe, purchaseDraftValue.get);
}

/**
 * Holds the purchase screens (start, configure, confirm). Moving between them keeps the draft;
 * going anywhere else clears it. The clearing waits for the current task to end, so the
 * immediate remount of React's strict mode keeps it; a reload never runs it at all.
 */
export function PurchaseFlowLayout() {
  const api = useApiClient();
  useEffect(() => {
    mounted += 1;
    return () => {
      mounted -= 1;
      queueMicrotask(() => {
        if (mounted === 0) leavePurchaseFlow(api);
      });
    };
  }, [api]);
  return <Outlet />;
}
