import { useContext } from 'react';
import type { ApiClient } from '@klik/api';
import { ApiClientContext } from './api-context';

export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient needs an ApiClientProvider');
  return client;
}
