/** A clock tests move by hand, so expiry is tested without sleeping. */
export class TestClock {
  #current: Date;

  constructor(start: Date = new Date('2026-03-02T09:00:00Z')) {
    this.#current = new Date(start);
  }

  readonly now = (): Date => new Date(this.#current);

  set(at: Date | string): void {
    this.#current = new Date(at);
  }

  advance(ms: number): void {
    this.#current = new Date(this.#current.getTime() + ms);
  }

  advanceMinutes(minutes: number): void {
    this.advance(minutes * 60_000);
  }
}
