import { useDeferredValue, useEffect, useState } from 'react';
import { Alert, Button, Center, Loader, MantineProvider, Stack, Text } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { DEFAULT_LOCALE, type EnvironmentSettings, type Locale } from '@klik/api';
import { applyEnvironment } from '../shared/env/apply-env';
import { ENVIRONMENT_QUERY_KEY, loadEnvironment } from '../shared/env/load-env';
import { loadCatalogue, loadedCatalogue, loadLocale } from '../shared/i18n/catalogues';
import { I18nProvider } from '../shared/i18n/i18n-provider';
import { createTranslator } from '../shared/i18n/translator';
import { chosenLocale, currentLocale } from '../shared/i18n/locale-store';
import { readSession } from '../shared/session/session-store';
import { syncServerClock } from '../shared/time/server-clock';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { cssVariablesResolver, theme } from '../shared/ui/theme';
import type { WebSocketLike } from '../shared/websocket/websocket-client';
import { KlikApp, type CreateRouter } from './klik-app';

interface BootstrapProps {
  fetch: typeof fetch;
  createRouter: CreateRouter;
  queryClient?: QueryClient;
  /** The browser's WebSocket unless given; tests hand in their own. */
  createWebSocket?: (url: string) => WebSocketLike;
}

const BOTH_LOCALES: readonly Locale[] = ['nl', 'en'];

/**
 * Shown when the settings cannot be read; the locale is unknown then, so it speaks both. Their
 * catalogues are loaded for it; one that cannot be loaded either shows its keys (spec section 8).
 */
function EnvironmentError({ onRetry }: { onRetry: () => void }) {
  const both = useQuery({
    queryKey: ['catalogues', ...BOTH_LOCALES],
    queryFn: () => Promise.allSettled(BOTH_LOCALES.map((locale) => loadCatalogue(locale))),
    retry: false,
  });
  if (both.isPending) return null;
  // A translator per language, as useT would be under that language's provider.
  const translators = BOTH_LOCALES.map((locale) => ({
    locale,
    t: createTranslator(locale, loadedCatalogue(locale) ?? {}),
  }));
  return (
    <Center mih="100vh" component="main" p="md">
      <Alert color="red" role="alert" maw={520} data-testid="env-error">
        <Stack gap="sm">
          {translators.map(({ locale, t }) => (
            <div key={locale} lang={locale}>
              <Text fw={700}>{t('app.envError.title')}</Text>
              <Text size="sm">{t('app.envError.body')}</Text>
            </div>
          ))}
          <Button onClick={onRetry} variant="light" color="red">
            {translators.map(({ t }) => t('app.retry')).join(' / ')}
          </Button>
        </Stack>
      </Alert>
    </Center>
  );
}

/**
 * The settings, the server's clock and the messages the first screen speaks: the catalogue of the
 * locale the page will most likely show is loaded beside the settings (index.html names both, so
 * the browser fetches them beside the code), then the ones the settings decide (the chosen
 * locale, and the deployment's own, in which login failures are told), with the deployment's
 * texts for them parsed.
 */
async function loadFirstScreen(fetchFn: typeof fetch): Promise<EnvironmentSettings> {
  const likely = loadCatalogue(currentLocale(DEFAULT_LOCALE));
  const clock = syncServerClock(fetchFn);
  const env = await loadEnvironment(fetchFn);
  // Ages and days left are shown to signed-in users only: a signed-out page (the login screen)
  // does not wait for the clock, which is learned long before anyone has signed in.
  if (readSession()) await clock;
  await likely.catch(() => undefined);
  const needed = new Set([currentLocale(env.locale), env.locale]);
  await Promise.all([...needed].map((locale) => loadLocale(locale, env.translations)));
  return env;
}

function EnvironmentGate({ fetch: fetchFn, createRouter, createWebSocket }: BootstrapProps) {
  const env = useQuery({
    queryKey: ENVIRONMENT_QUERY_KEY,
    // The server's clock is learned beside the settings, so the first screen already shows ages
    // and days left as the server counts them (loadFirstScreen).
    queryFn: () => loadFirstScreen(fetchFn),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    if (env.data) applyEnvironment(document, env.data);
  }, [env.data]);
  useEffect(() => {
    if (env.error) console.warn('Environment settings could not be loaded', env.error);
  }, [env.error]);

  // The whole portal mounts when the settings arrive. From a deferred value React renders that in
  // slices the browser can interrupt, not as one long task (docs/performance.md); the loader
  // stays until it is done.
  const settings = useDeferredValue(env.data);
  if (settings) {
    return (
      <KlikApp
        env={settings}
        fetch={fetchFn}
        createRouter={createRouter}
        createWebSocket={createWebSocket}
      />
    );
  }
  if (env.isError) return <EnvironmentError onRetry={() => void env.refetch()} />;
  const locale = chosenLocale(DEFAULT_LOCALE);
  // Before its catalogue has arrived the loader has no text to be named by.
  if (!loadedCatalogue(locale)) {
    return (
      <Center mih="100vh">
        <Loader />
      </Center>
    );
  }
  return (
    <I18nProvider locale={locale} translations={{}}>
      <FullPageLoader />
    </I18nProvider>
  );
}

/** Loads the environment settings before anything else renders. */
export function Bootstrap(props: BootstrapProps) {
  const [queryClient] = useState(
    () =>
      props.queryClient ??
      new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <EnvironmentGate {...props} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
