import sharp from 'sharp';

export interface Upload {
  filename: string;
  type: string;
  bytes: Buffer;
  field?: string;
}

const BOUNDARY = '----areca-upload-test';

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipart(files: Upload[]): { payload: Buffer; headers: Record<string, string> } {
  const parts = files.flatMap(({ filename, type, bytes, field = 'images' }) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** A picture of one colour to upload, as a camera or an editor would save it (JPEG unless asked otherwise). */
export function plainPicture(
  width: number,
  height: number,
  background: string,
  format: 'jpeg' | 'webp' = 'jpeg',
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}
