import { describe, expect, it } from 'vitest';

import { pageWindow } from './page-window.ts';

describe('pageWindow', () => {
  it('lists every page of a short list', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the first, the last and the neighbours of the current page, with gaps between', () => {
    expect(pageWindow(1, 105)).toEqual([1, 2, 'gap', 105]);
    expect(pageWindow(50, 105)).toEqual([1, 'gap', 49, 50, 51, 'gap', 105]);
    expect(pageWindow(105, 105)).toEqual([1, 'gap', 104, 105]);
  });

  it('shows a single hidden page instead of a gap', () => {
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(5, 9)).toEqual([1, 'gap', 4, 5, 6, 'gap', 9]);
  });

  it('still links the real pages when asked for one past the last', () => {
    expect(pageWindow(8, 3)).toEqual([1, 2, 3]);
  });
});
