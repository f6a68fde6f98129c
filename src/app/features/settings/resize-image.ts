// spec/brief: profile photos are resized in the browser to 256 x 256 and sent as a data URL, which
// keeps the upload small (the server takes at most 300 KB) and needs no file storage.
import { maxPhotoDataUrlLength } from "~/shared/accounts/user-payload";

export const photoSize = 256;

/** The centred square of a width x height image (what "cover" shows in a square frame). */
export function centredSquare(width: number, height: number): { x: number; y: number; side: number } {
  const side = Math.min(width, height);
  return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), side };
}

/** Reads an image file, crops its centre to a square and answers a 256 px JPEG data URL. */
export async function resizePhoto(file: Blob): Promise<string> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error("PHOTO_NOT_AN_IMAGE");
  }
  const canvas = document.createElement("canvas");
  canvas.width = photoSize;
  canvas.height = photoSize;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("PHOTO_NOT_AN_IMAGE");
  const { x, y, side } = centredSquare(bitmap.width, bitmap.height);
  // JPEG has no transparency: a white background keeps transparent PNGs from turning black.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, photoSize, photoSize);
  context.drawImage(bitmap, x, y, side, side, 0, 0, photoSize, photoSize);
  bitmap.close();
  for (const quality of [0.85, 0.7, 0.5]) {
    const dataUrl = canvas.toDataURL("image/jpeg", quality);
    if (dataUrl.length <= maxPhotoDataUrlLength) return dataUrl;
  }
  throw new Error("PHOTO_TOO_LARGE");
}
