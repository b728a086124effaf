// Apart from the message schemas, so the websocket client can use them without loading zod.

/** Close codes the server uses; 4xxx are the application's own (RFC 6455). */
export const WS_CLOSE_CODES = {
  /** The session ended (logout, termination by an administrator, expiry). */
  sessionTerminated: 4001,
  /** The server shuts down; reconnect. */
  goingAway: 1001,
} as const;
