// Debug logging follows the environment's isDebugMode (spec section 9: "debug logging only with
// flag"), so a production console stays quiet while a test deployment can show what arrives.
let debugMode = false;

export function setDebugMode(on: boolean): void {
  debugMode = on;
}

/** Writes to the console (info) only when the deployment's isDebugMode is on. */
export function debugLog(message: string, ...details: unknown[]): void {
  if (debugMode) console.info(`[klik] ${message}`, ...details);
}
