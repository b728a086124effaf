import { ConfigError, loadConfig } from './kernel/config/config';
import { findInstanceConflict } from './instance-guard';

/**
 * What `npm start` asks before it builds anything: why this server could not start now (a wrong
 * variable, the port or DATA_DIR held by another process), or null. Built into dist/preflight.js.
 */
export async function preflight(env: NodeJS.ProcessEnv): Promise<string | null> {
  try {
    return await findInstanceConflict(loadConfig(env));
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}
