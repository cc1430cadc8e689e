// Test helper only: how a table of what a function answers for each input is run, one test a row. The table itself,
// each row worked by hand, stays in the test that states it. core/ tests may not import tests/support, so it lives
// beside them (docs/conventions.md#one-taxed-carton-line-for-every-tax-document-and-what-may-still-look-repeated).
import { expect, it } from 'vitest';

/** One test per `[input, expected]` row, titled by `title` with the row's values: `answer(input)` is `expected`. */
export function itAnswers<I, O>(title: string, answer: (input: I) => O, cases: readonly (readonly [I, O])[]): void {
  it.each(cases.map(([input, expected]) => [input, expected] as [I, O]))(title, (input, expected) => {
    expect(answer(input)).toBe(expected);
  });
}

/** One test per input, titled by `title` with it: `answer(input)` is null (a refusal, or nothing found). */
export function itAnswersNull<I>(title: string, answer: (input: I) => unknown, inputs: readonly I[]): void {
  it.each(inputs.map((input) => [input] as [I]))(title, (input) => {
    expect(answer(input)).toBeNull();
  });
}
