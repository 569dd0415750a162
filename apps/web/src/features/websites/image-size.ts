import type { BlockProps } from '@huddle/shared/websites';

export type ImageSize = { width: number; height: number };

/** The picture's own size in pixels, as the browser decodes it; null when it does not load. */
export function measureImage(url: string): Promise<ImageSize | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () =>
      resolve(image.naturalWidth > 0 ? { width: image.naturalWidth, height: image.naturalHeight } : null);
    image.onerror = () => resolve(null);
    image.src = url;
  });
}

type ImageProps = Omit<BlockProps<'Image'>, 'id'> & { id?: string };

/**
 * Decision 044: an image block keeps its picture's size, measured whenever its address changes
 * (an upload, or one typed), so the published page reserves the space. A picture that does not
 * load keeps no size: it renders as before, without reserved space.
 */
export async function withImageSize<P extends ImageProps>(
  props: P,
  measure: (url: string) => Promise<ImageSize | null> = measureImage,
): Promise<P> {
  const { width: _width, height: _height, ...rest } = props;
  const size = props.url ? await measure(props.url) : null;
  return (size ? { ...rest, ...size } : rest) as P;
}
