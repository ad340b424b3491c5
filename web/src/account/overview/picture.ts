/** The largest inline picture the server takes (domain.MaxImageDataURL, 256 KB as a data URL). */
export const MAX_PICTURE_DATA_URL = 256 * 1024;

const TYPES = ['image/png', 'image/jpeg', 'image/webp'];

export type PictureRead = { kind: 'ok'; dataUrl: string } | { kind: 'type' } | { kind: 'size' };

/** Checks a chosen picture's type, then reads it as a data URL small enough for the server. */
export async function readPicture(file: Blob): Promise<PictureRead> {
  if (!TYPES.includes(file.type)) return { kind: 'type' };
  // Base64 grows by a third; the prefix is short.
  if (Math.ceil(file.size / 3) * 4 + 40 > MAX_PICTURE_DATA_URL) return { kind: 'size' };
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('unreadable file'));
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error('unreadable file'));
    };
    reader.readAsDataURL(file);
  });
  return dataUrl.length > MAX_PICTURE_DATA_URL ? { kind: 'size' } : { kind: 'ok', dataUrl };
}
