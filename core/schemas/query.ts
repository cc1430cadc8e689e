import { z } from 'zod';

/** A whole number in a query string (every value there is text), named in its messages. */
export const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `'${name}' must be a whole number` })
    .int(`'${name}' must be a whole number`)
    .min(min, `'${name}' must be at least ${min}`)
    .max(max, `'${name}' must be at most ${max}`);
