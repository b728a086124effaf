import { useEffect, useState } from 'react';
import { Alert, Button, Center, MantineProvider, Stack, Text } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { DEFAULT_LOCALE } from '@klik/api';
import { applyEnvironment } from '../shared/env/apply-env';
import { ENVIRONMENT_QUERY_KEY, loadEnvironment } from '../shared/env/load-env';
import { catalogues } from '../shared/i18n/catalogues';
import { I18nProvider } from '../shared/i18n/i18n-provider';
import { currentLocale } from '../shared/i18n/locale-store';
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

/** Shown when the settings cannot be read; the locale is unknown then, so it speaks both. */
function EnvironmentError({ onRetry }: { onRetry: () => void }) {
  return (
    <Center mih="100vh" component="main" p="md">
      <Alert color="red" role="alert" maw={520} data-testid="env-error">
        <Stack gap="sm">
          {[catalogues.nl, catalogues.en].map((messages, index) => (
            <div key={index} lang={index === 0 ? 'nl' : 'en'}>
              <Text fw={700}>{messages['app.envError.title']}</Text>
              <Text size="sm">{messages['app.envError.body']}</Text>
            </div>
          ))}
          <Button onClick={onRetry} variant="light" color="red">
            {`${catalogues.nl['app.retry']} / ${catalogues.en['app.retry']}`}
          </Button>
        </Stack>
      </Alert>
    </Center>
  );
}

function EnvironmentGate({ fetch: fetchFn, createRouter, createWebSocket }: BootstrapProps) {
  const env = useQuery({
    queryKey: ENVIRONMENT_QUERY_KEY,
    queryFn: () => loadEnvironment(fetchFn),
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

  if (env.data) {
    return (
      <KlikApp
        env={env.data}
        fetch={fetchFn}
        createRouter={createRouter}
        createWebSocket={createWebSocket}
      />
    );
  }
  if (env.isError) return <EnvironmentError onRetry={() => void env.refetch()} />;
  return (
    <I18nProvider locale={currentLocale(DEFAULT_LOCALE)} translations={{}}>
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
