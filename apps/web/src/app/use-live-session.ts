import { useQueryClient } from '@tanstack/react-query';
import { loginPathReturningTo } from '../shared/routing/access';
import type { SessionEndedState } from '../shared/routing/session-ended';
import { clearLocalSession, readSession } from '../shared/session/session-store';
import {
  TRADING_STATUS_QUERY_KEY,
  setTradingStatus,
  useTradingStatus,
} from '../shared/trading/trading-status';
import { useRealtimeEvents, useRealtimeOpened } from '../shared/websocket/realtime-context';
import type { AppRouter } from './klik-app';

/**
 * What the websocket means for the whole portal: a session the server ended is signed out here
 * too, with the reason on the login screen; the trading status follows the server's word.
 */
export function useLiveSession(router: AppRouter): void {
  const queryClient = useQueryClient();
  // Asked on start-up (spec section 7), then kept current by the websocket.
  useTradingStatus();

  useRealtimeEvents((event) => {
    switch (event.name) {
      case 'terminateSession': {
        if (!readSession()) return;
        clearLocalSession();
        const { pathname, search, hash } = router.state.location;
        const state: SessionEndedState = { sessionEnded: event.payload.reason };
        void router.navigate(loginPathReturningTo(`${pathname}${search}${hash}`), {
          replace: true,
          state,
        });
        return;
      }
      case 'tradingStatusUpdate':
        setTradingStatus(queryClient, event.payload);
        return;
      default:
        return;
    }
  });

  // A pause or resume may have been missed before the socket opened.
  useRealtimeOpened(() => {
    void queryClient.invalidateQueries({ queryKey: TRADING_STATUS_QUERY_KEY });
  });
}
