/** Sends a text message to a mobile number. */
export interface SmsGateway {
  send(to: string, text: string): Promise<void>;
}

export interface SentSms {
  to: string;
  text: string;
  at: string;
}

/**
 * Development gateway: writes each message to the server log and keeps the last few in memory
 * so a demo (and the browser tests) can read the code. Never for production.
 */
export class DevSmsGateway implements SmsGateway {
  readonly #outbox: SentSms[] = [];

  constructor(
    private readonly log: { info: (details: object, message: string) => void },
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(to: string, text: string): Promise<void> {
    this.log.info({ to, text }, 'SMS (development gateway, not sent)');
    this.#outbox.push({ to, text, at: this.now().toISOString() });
    if (this.#outbox.length > 50) this.#outbox.shift();
  }

  /** The messages sent, newest last. */
  outbox(): readonly SentSms[] {
    return [...this.#outbox];
  }
}

/**
 * A real provider over HTTP: POSTs `{to, text}` as JSON with the key as a bearer token. Any
 * answer but 2xx (or no answer within the timeout) is a failure the caller reports.
 */
export class HttpSmsGateway implements SmsGateway {
  constructor(
    private readonly url: string,
    private readonly key: string | null,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(to: string, text: string): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.key) headers.authorization = `Bearer ${this.key}`;
    const response = await fetch(this.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!response.ok) {
      throw new Error(`SMS gateway answered ${response.status}`);
    }
  }
}

/** Shows only the last three digits of a number. */
export function maskNumber(number: string): string {
  const digits = number.replace(/\s+/g, '');
  return `${'*'.repeat(Math.max(0, digits.length - 3))}${digits.slice(-3)}`;
}
