import { useContext } from 'react';
import type { EnvironmentSettings } from '@klik/api';
import { EnvContext } from './env-context';

export function useEnv(): EnvironmentSettings {
  const env = useContext(EnvContext);
  if (!env) throw new Error('useEnv needs an EnvProvider');
  return env;
}
