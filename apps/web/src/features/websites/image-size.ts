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

/**
 * Puck's resolveData for the image block (decision 044): the size measured when the address
 * changes, put on the block as it is when the picture has loaded. Puck replaces the block with
 * what a resolver returns, built on the props it was called with, so a description typed while the
 * picture loaded was lost when the measurement ended (a flaky journey found it). Each call notes the
 * block's props; a measurement gives its size to the latest, unless the address has changed since
 * (then it gives back the latest as they are: that address's own measurement gives its size).
 */
export function imageSizeResolver(measure: (url: string) => Promise<ImageSize | null> = measureImage) {
  const latest = new Map<string, ImageProps>();
  return async <D extends { props: ImageProps }>(
    data: D,
    { changed }: { changed: Partial<Record<string, boolean>> },
  ): Promise<D> => {
    const id = data.props.id ?? '';
    latest.set(id, data.props);
    if (!changed.url) return data;
    const measured = await withImageSize(data.props, measure);
    const now = latest.get(id) ?? data.props;
    if (now.url !== measured.url) return { ...data, props: now };
    const { width: _width, height: _height, ...rest } = now;
    const size = measured.width !== undefined ? { width: measured.width, height: measured.height } : {};
    const props = { ...rest, ...size } as D['props'];
    latest.set(id, props);
    return { ...data, props };
  };
}
