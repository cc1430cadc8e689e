import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { isDomainError } from '#lib/errors.ts';

import { parseInput } from './errors.ts';

/** The 400 parseInput throws for `input`: its message and field messages. */
function refusal(schema: z.ZodType, input: unknown): { message: string; errors?: Record<string, string> } {
  try {
    parseInput(schema, input, 'thing');
  } catch (error) {
    if (isDomainError(error) && error.kind === 'invalid') return { message: error.message, errors: error.errors };
    throw error;
  }
  throw new Error('parseInput accepted the input');
}

describe('parseInput words what a schema leaves to zod', () => {
  const schema = z.strictObject({ name: z.string(), kind: z.enum(['a', 'b']), big: z.literal(1n).optional() });

  it('names a missing field, a wrong type and a wrong value', () => {
    expect(refusal(schema, { kind: 'a' }).errors).toEqual({ name: "'name' is required" });
    expect(refusal(schema, { name: 5, kind: 'a' }).errors).toEqual({ name: "'name' must be a string" });
    expect(refusal(schema, { name: 'x', kind: 'c' }).errors).toEqual({ kind: `'kind' must be "a" or "b"` });
  });

  it('answers a bigint literal with a 400 like any other value, never a throw of its own', () => {
    expect(refusal(schema, { name: 'x', kind: 'a', big: 2n })).toEqual({
      message: "Invalid thing: 'big' must be 1",
      errors: { big: "'big' must be 1" },
    });
  });

  it('says a body that is not an object is not one', () => {
    expect(refusal(schema, [])).toEqual({
      message: 'The request body must be a JSON object',
      errors: { _: 'The request body must be a JSON object' },
    });
  });

  it("keeps a schema's own message", () => {
    expect(refusal(z.object({ n: z.number('Give a number') }), {}).errors).toEqual({ n: 'Give a number' });
  });

  it('a field of several kinds is answered with the message of the kind it is, not zod’s Invalid input', () => {
    const optional = z.strictObject({ reason: z.union([z.null(), z.literal(''), z.string().min(3, 'Too short')]) });
    expect(refusal(optional, { reason: 'ab' }).errors).toEqual({ reason: 'Too short' });
  });
});
