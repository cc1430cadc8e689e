import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

export interface LazyResolver<TFieldValues extends FieldValues, TContext, TTransformed> {
  resolver: Resolver<TFieldValues, TContext, TTransformed>;
  /** Starts loading the rules (the form calls it when a field is first focused); a failed load is tried again later. */
  preload: () => void;
}

/**
 * A form's resolver whose rules (a Zod schema, and Zod itself: 26 KB gzip) load when the customer starts on the form,
 * not with the page: nothing needs them to show the page or take the first tap. The first check waits for them.
 * Offline they come from the service worker's copy; should they still not load, every value passes to the submit,
 * whose request the server judges by the same rules (and whose failure for want of a connection the form reports).
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformed>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformed>>,
): LazyResolver<TFieldValues, TContext, TTransformed> {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformed>> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    preload: () => void get().catch(() => {}),
    resolver: async (values, context, options) => {
      let resolve: Resolver<TFieldValues, TContext, TTransformed>;
      try {
        resolve = await get();
      } catch {
        return { values: values as unknown as TTransformed, errors: {} };
      }
      return resolve(values, context, options);
    },
  };
}

/** lazyResolver for a Zod schema: react-hook-form's Zod resolver and the module holding the schema load together. */
export function lazyZodResolver<Input extends FieldValues, Output>(
  schema: () => Promise<ZodType<Output, Input>>,
): LazyResolver<Input, unknown, Output> {
  return lazyResolver(async () => {
    const [{ zodResolver }, loaded] = await Promise.all([import('@hookform/resolvers/zod'), schema()]);
    return zodResolver(loaded);
  });
}
