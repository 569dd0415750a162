import { imageBlock } from '@huddle/shared/websites';
import { describe, expect, it } from 'vitest';
import { withImageSize } from './image-size.ts';

/** Decision 044: an image block keeps its picture's size, measured when its address changes. */
describe('the image block’s stored size', () => {
  const block = { id: 'Image-1', url: '/uploads/team.png', alt: 'The team', caption: '' };

  it('takes the measured size when the picture loads, and the saved block passes the contract', async () => {
    const props = await withImageSize(block, async () => ({ width: 1200, height: 800 }));
    expect(props).toEqual({ ...block, width: 1200, height: 800 });
    expect(imageBlock.parse({ type: 'Image', props })).toEqual({ type: 'Image', props });
  });

  it('drops an old size when the new picture does not load, or the address is cleared', async () => {
    const sized = { ...block, width: 10, height: 10 };
    expect(await withImageSize(sized, async () => null)).toEqual(block);
    expect(await withImageSize({ ...sized, url: '' }, async () => ({ width: 1, height: 1 }))).toEqual({
      ...block,
      url: '',
    });
  });

  it('blocks saved before sizes still pass; a size that is not a whole number of pixels does not', () => {
    expect(imageBlock.safeParse({ type: 'Image', props: block }).success).toBe(true);
    expect(imageBlock.safeParse({ type: 'Image', props: { ...block, width: 0, height: 10 } }).success).toBe(false);
    expect(imageBlock.safeParse({ type: 'Image', props: { ...block, width: 12.5, height: 10 } }).success).toBe(false);
  });
});
