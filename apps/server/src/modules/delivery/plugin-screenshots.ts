import sharp from 'sharp';
import type { BlobStore } from '../../integrations/blob-store/blob-store.ts';
import type { RepositorySnapshot } from '../../integrations/git/fetch-repository.ts';
import { RepoUpdateRejected } from './plugins-manifest.ts';

// Screenshots a repository update publishes (issue 35, decision 0050): every image is checked by
// its content before anything of it is decoded, then re-encoded by sharp into two web sizes. What
// the store serves is only ever its own WebP output, never the developer's file.

export const MAX_SCREENSHOT_BYTES = 5 * 1024 * 1024;
/** 25 megapixels (5000×5000): more is a decompression bomb or a picture no page needs. */
export const MAX_SCREENSHOT_PIXELS = 25_000_000;
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);
const LARGE = { width: 1600, height: 1000 };
const THUMB = { width: 480, height: 300 };

export interface StoredScreenshot {
  alt: string;
  imageSha256: string;
  imageWidth: number;
  imageHeight: number;
  thumbSha256: string;
  thumbWidth: number;
  thumbHeight: number;
}

type Resized = Omit<StoredScreenshot, 'alt'>;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

async function checkedMetadata(bytes: Uint8Array, refuse: (why: string) => RepoUpdateRejected) {
  if (bytes.byteLength > MAX_SCREENSHOT_BYTES) {
    throw refuse(
      `is ${megabytes(bytes.byteLength)}; a screenshot can be at most ${megabytes(MAX_SCREENSHOT_BYTES)}`,
    );
  }
  let metadata: sharp.Metadata;
  try {
    // Reads the header only: the size it declares is checked before a pixel is decoded.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse('is not a PNG, JPEG or WebP image');
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw refuse(`is not a PNG, JPEG or WebP image (it is ${metadata.format ?? 'unknown'})`);
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels === 0 || pixels > MAX_SCREENSHOT_PIXELS) {
    throw refuse(
      `is ${metadata.width}×${metadata.height} pixels; a screenshot can be at most ${MAX_SCREENSHOT_PIXELS / 1_000_000} megapixels`,
    );
  }
}

async function webSize(bytes: Uint8Array, box: { width: number; height: number }) {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_SCREENSHOT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ ...box, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

async function resize(
  bytes: Uint8Array,
  blobs: BlobStore,
  refuse: (why: string) => RepoUpdateRejected,
): Promise<Resized> {
  await checkedMetadata(bytes, refuse);
  let large: Awaited<ReturnType<typeof webSize>>;
  let thumb: Awaited<ReturnType<typeof webSize>>;
  try {
    large = await webSize(bytes, LARGE);
    thumb = await webSize(bytes, THUMB);
  } catch {
    throw refuse('could not be read as an image (is it damaged?)');
  }
  const [image, small] = [await blobs.put(large.data), await blobs.put(thumb.data)];
  return {
    imageSha256: image.sha256,
    imageWidth: large.width,
    imageHeight: large.height,
    thumbSha256: small.sha256,
    thumbWidth: thumb.width,
    thumbHeight: thumb.height,
  };
}

/**
 * Checks, resizes and stores the screenshots of every plugin. The first refused image refuses the
 * whole update with a reason naming the plugin and the file. An image listed twice is read once.
 */
export async function storeScreenshots(
  plugins: { name: string; screenshots: { path: string; alt: string }[] }[],
  snapshot: RepositorySnapshot,
  blobs: BlobStore,
): Promise<Map<string, StoredScreenshot[]>> {
  const resized = new Map<string, Resized>();
  const byPlugin = new Map<string, StoredScreenshot[]>();
  for (const plugin of plugins) {
    const stored: StoredScreenshot[] = [];
    for (const { path, alt } of plugin.screenshots) {
      const refuse = (why: string) =>
        new RepoUpdateRejected(`${plugin.name}: the screenshot ${path} ${why}.`);
      let done = resized.get(path);
      if (!done) {
        const bytes = await snapshot.readFile(path);
        if (bytes === null) throw refuse('is not in the repository');
        done = await resize(bytes, blobs, refuse);
        resized.set(path, done);
      }
      stored.push({ alt, ...done });
    }
    byPlugin.set(plugin.name, stored);
  }
  return byPlugin;
}
