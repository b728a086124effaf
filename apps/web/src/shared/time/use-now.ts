import { useEffect, useState } from 'react';
import { serverNow } from './server-clock';

/**
 * The portal's current time (the server's clock, server-clock.ts), renewed every interval, for
 * what ages on screen (e.g. "12 s ago", days left to a deadline).
 */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
