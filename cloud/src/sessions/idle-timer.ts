/**
 * Fires once when nothing touched it for `idleMs`. Touching only stores a time (it happens on every
 * chunk of proxied CDP traffic); the single timer checks that time when it fires and sleeps again for
 * the rest, so busy sessions cost no timer churn.
 */
export class IdleTimer {
  private last = Date.now();
  private busy = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly idleMs: number,
    private readonly onIdle: () => void,
  ) {
    this.schedule(idleMs);
  }

  /** Counts as activity now. */
  touch(): void {
    this.last = Date.now();
  }

  /** Holds the timer off while `work` runs (a long extract is activity), and touches at both ends. */
  async during<T>(work: () => Promise<T>): Promise<T> {
    this.busy += 1;
    this.touch();
    try {
      return await work();
    } finally {
      this.busy -= 1;
      this.touch();
    }
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => this.check(), Math.max(ms, 1));
    // An idle session never keeps the process alive on its own; the server's close() ends it.
    this.timer.unref();
  }

  private check(): void {
    const quiet = Date.now() - this.last;
    if (this.busy === 0 && quiet >= this.idleMs) {
      this.timer = undefined;
      this.onIdle();
    } else this.schedule(this.busy ? this.idleMs : this.idleMs - quiet);
  }
}
