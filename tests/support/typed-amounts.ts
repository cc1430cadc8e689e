// How a form's amount, read by `groupedRupees`, is checked through the schema that holds it: the payment's and the
// quote's schema tests. The amounts, worked by hand, stay in each test.
import { expect } from 'vitest';
import type { z } from 'zod';

/**
 * Each typed amount reads as its paise (`amountOf` finds it in what the schema answers), and each wrong one is refused:
 * the message names the amount that failed.
 */
export function expectTypedAmounts<T>(
  parse: (typed: string | number) => z.ZodSafeParseResult<T>,
  amountOf: (parsed: T) => number | undefined,
  read: ReadonlyArray<readonly [typed: string | number, paise: number]>,
  refused: readonly string[],
): void {
  for (const [typed, paise] of read) {
    const parsed = parse(typed);
    expect(parsed.success ? amountOf(parsed.data) : parsed.error.message, String(typed)).toBe(paise);
  }
  for (const wrong of refused) expect(parse(wrong).success, wrong).toBe(false);
}
