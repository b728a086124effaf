import { useState } from 'react';
import { ApiError, type Locale } from '@klik/api';
import { useEnv } from '../env/use-env';
import { useLocale } from '../i18n/use-locale';
import { useSession } from '../session/use-session';

export interface DownloadContext {
  backendUrl: string;
  token: string;
  locale: Locale;
}

/**
 * A download started from a button: busy while it runs, and the error code of a refusal to
 * show (INTERNAL when the server gave none). One download at a time.
 */
export function useDownload(description: string) {
  const env = useEnv();
  const locale = useLocale();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const [failedCode, setFailedCode] = useState<string | null>(null);

  async function start(download: (context: DownloadContext) => Promise<unknown>): Promise<void> {
    if (!session || busy) return;
    setBusy(true);
    setFailedCode(null);
    try {
      await download({ backendUrl: env.backendUrl, token: session.token, locale });
    } catch (error) {
      console.warn(`${description} could not be downloaded`, error);
      setFailedCode(error instanceof ApiError ? error.code : 'INTERNAL');
    } finally {
      setBusy(false);
    }
  }

  return { busy, failedCode, start };
}
