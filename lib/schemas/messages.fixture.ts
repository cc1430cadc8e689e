// Test helper only: what a schema says about an input, field by field, as the schema tests read it. core/ tests may
// not import tests/support, so it lives beside them.
import type { z } from 'zod';

/** Each failing field's messages, in the order the schema reports them ('' for the whole object). */
export function messages(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  return byField;
}
