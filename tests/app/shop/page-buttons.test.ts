import { describe, expect, it } from 'vitest';
import { pageItems } from '../../../src/app/common/ui/PageButtons';

describe('the marketplace page numbers', () => {
  it('shows every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(5, 3)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps first, last and the current page with one either side, with gaps between', () => {
    expect(pageItems(20, 10)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(20, 1)).toEqual([1, 2, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 19, 20]);
  });

  it('shows a single left-out page instead of a gap', () => {
    expect(pageItems(20, 4)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(20, 17)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });
});
