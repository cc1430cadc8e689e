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
