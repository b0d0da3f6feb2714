// Getting images in (file picker, drag and drop, paste) and out (PNG download).
import { downloadBlob, canvasPng } from '../../ui/download.js';

export const MAX_LOAD_SIDE = 8192;

/** Decodes an image file/blob to {width, height, pixels} or throws an Error for the user. */
export async function decodeImage(blob, name = 'the image') {
  if (blob.size === 0) throw new Error(`${name} is empty (0 bytes).`);
  if (blob.type === 'image/svg+xml') {
    throw new Error(`${name} is an SVG drawing, which has no pixels to fill: open a PNG, JPEG, GIF or WebP (an SVG can be exported as PNG).`);
  }
  if (blob.type && !blob.type.startsWith('image/')) {
    throw new Error(`${name} is not an image (${blob.type}).`);
  }
  let bitmap;
  try {
    bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  } catch {
    throw new Error(`${name} could not be read as an image.`);
  }
  const { width, height } = bitmap;
  if (width > MAX_LOAD_SIDE || height > MAX_LOAD_SIDE) {
    bitmap.close();
    throw new Error(`${name} is ${width}×${height}; the largest image this page opens is ${MAX_LOAD_SIDE}×${MAX_LOAD_SIDE}.`);
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return { width, height, pixels: ctx.getImageData(0, 0, width, height).data };
}

/** The first image among a DataTransfer's files/items (drop or paste), or null. */
export function imageFrom(transfer) {
  if (!transfer) return null;
  for (const file of transfer.files || []) if (file.type.startsWith('image/')) return file;
  for (const item of transfer.items || []) {
    if (item.kind === 'file' && item.type.startsWith('image/')) return item.getAsFile();
  }
  const first = (transfer.files || [])[0];
  return first || null;
}

/**
 * The file name Save offers for a picture opened from `opened` (a file name, or null for a
 * canvas started here): "photo.jpg" becomes "photo-filled.png", a new canvas "fill.png".
 */
export function savedName(opened) {
  const base = (opened || '').replace(/\.[^./\\]*$/, '').replace(/[\\/:*?"<>|]+/g, '_').trim();
  if (!base) return 'fill.png';
  return base.endsWith('-filled') ? `${base}.png` : `${base}-filled.png`;
}

/** Offers the canvas as a PNG download. */
export async function savePng(canvas, filename = 'fill.png') {
  const blob = await canvasPng(canvas);
  downloadBlob(blob, filename);
  return blob;
}
