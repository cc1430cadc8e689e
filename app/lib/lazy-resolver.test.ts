import type { Resolver, ResolverResult } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { lazyResolver, lazyZodResolver } from './lazy-resolver.ts';

type Values = { name: string };
const OPTIONS = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];
const refuseEmpty = (values: Values): ResolverResult<Values> => {
  if (values.name) return { values, errors: {} };
  return { values: {}, errors: { name: { type: 'too_small', message: 'Name must be at least 2 characters' } } };
};

describe('lazyResolver', () => {
  it('loads the rules once, on the first check or on preload, and checks by them', async () => {
    const load = vi.fn(() => Promise.resolve(refuseEmpty));
    const { resolver, preload } = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    preload();
    preload();
    expect((await resolver({ name: '' }, undefined, OPTIONS)).errors).toEqual({
      name: { type: 'too_small', message: 'Name must be at least 2 characters' },
    });
    expect(await resolver({ name: 'Anita' }, undefined, OPTIONS)).toEqual({ values: { name: 'Anita' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('rules that cannot load let the values through (the server judges them), and are tried again next time', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(refuseEmpty);
    const { resolver, preload } = lazyResolver<Values, unknown, Values>(load);
    preload();
    expect(await resolver({ name: '' }, undefined, OPTIONS)).toEqual({ values: { name: '' }, errors: {} });
    expect(Object.keys((await resolver({ name: '' }, undefined, OPTIONS)).errors)).toEqual(['name']);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyZodResolver', () => {
  it("checks by the schema its loader answers, with the schema's messages; a schema that cannot load lets the values through", async () => {
    const schema = z.object({ name: z.string().trim().min(2, 'Name must be at least 2 characters') });
    const load = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(schema);
    const { resolver } = lazyZodResolver(load);
    expect(await resolver({ name: ' A ' }, undefined, OPTIONS)).toEqual({ values: { name: ' A ' }, errors: {} });
    expect((await resolver({ name: ' A ' }, undefined, OPTIONS)).errors.name?.message).toBe('Name must be at least 2 characters');
    // The schema's output, trimmed.
    expect(await resolver({ name: ' Anita ' }, undefined, OPTIONS)).toEqual({ values: { name: 'Anita' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
