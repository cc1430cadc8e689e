/** Time in tests: a clock the services read (createTestApp's `now`), moved by the test instead of sleeping. */

/** A clock the services read; tests move it instead of sleeping. Starts mid-way through a 30-second TOTP step. */
export class TestClock {
  private ms: number;

  constructor(start: Date | number = Date.UTC(2030, 0, 7, 9, 0, 15)) {
    this.ms = typeof start === 'number' ? start : start.getTime();
  }

  readonly now = (): Date => new Date(this.ms);

  advance(ms: number): Date {
    this.ms += ms;
    return this.now();
  }

  set(at: Date | number): Date {
    this.ms = typeof at === 'number' ? at : at.getTime();
    return this.now();
  }

  /** Moves to 15 s into the next 30-second step (a fresh TOTP code, away from the step's edges). */
  nextTotpStep(): Date {
    this.ms = (Math.floor(this.ms / 30_000) + 1) * 30_000 + 15_000;
    return this.now();
  }
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
