import { createContext, type ReactNode } from 'react';
import type { EnvironmentSettings } from '@klik/api';

export const EnvContext = createContext<EnvironmentSettings | null>(null);

export function EnvProvider({ env, children }: { env: EnvironmentSettings; children: ReactNode }) {
  return <EnvContext.Provider value={env}>{children}</EnvContext.Provider>;
}
