import { imageBlock } from '@huddle/shared/websites';
import { describe, expect, it } from 'vitest';
import { imageSizeResolver, withImageSize, type ImageSize } from './image-size.ts';

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

  it('puts the size on the block as it is once the picture has loaded: a description typed meanwhile stays', async () => {
    let loaded: (size: ImageSize | null) => void = () => undefined;
    const resolve = imageSizeResolver(() => new Promise((done) => (loaded = done)));
    const uploaded = { ...block, alt: '' };
    const measuring = resolve({ props: uploaded }, { changed: { url: true } });
    // The organizer describes the picture while it loads: Puck asks again, nothing to measure.
    const typed = { ...uploaded, alt: 'The team' };
    expect(await resolve({ props: typed }, { changed: { alt: true } })).toEqual({ props: typed });
    loaded({ width: 160, height: 120 });
    expect((await measuring).props).toEqual({ ...typed, width: 160, height: 120 });
  });

  it('leaves a newer address to its own measurement', async () => {
    const sizes: ((size: ImageSize | null) => void)[] = [];
    const resolve = imageSizeResolver(() => new Promise((done) => sizes.push(done)));
    const first = resolve({ props: { ...block, url: '/uploads/first.png' } }, { changed: { url: true } });
    const second = resolve({ props: { ...block, url: '/uploads/second.png' } }, { changed: { url: true } });
    sizes[1]?.({ width: 20, height: 10 });
    sizes[0]?.({ width: 999, height: 999 });
    expect((await second).props).toEqual({ ...block, url: '/uploads/second.png', width: 20, height: 10 });
    // The first picture's late size changes nothing: the block keeps the second's.
    expect((await first).props).toEqual({ ...block, url: '/uploads/second.png', width: 20, height: 10 });
  });

  it('blocks saved before sizes still pass; a size that is not a whole number of pixels does not', () => {
    expect(imageBlock.safeParse({ type: 'Image', props: block }).success).toBe(true);
    expect(imageBlock.safeParse({ type: 'Image', props: { ...block, width: 0, height: 10 } }).success).toBe(false);
    expect(imageBlock.safeParse({ type: 'Image', props: { ...block, width: 12.5, height: 10 } }).success).toBe(false);
  });
});
