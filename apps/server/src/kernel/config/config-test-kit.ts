import { ConfigError, loadConfig } from './config';

/** What loadConfig refuses in this environment; fails the test when it accepts it. */
export function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env, { cwd: '/srv/klik' });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}
