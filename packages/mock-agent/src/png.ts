import { crc32, deflateSync } from "node:zlib";

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, tail]);
}

/**
 * A valid PNG of one colour (8-bit RGBA), for tests that send images: browsers draw it and image
 * readers read its size. `padding` adds that many bytes of a comment chunk, for a file of a
 * given size. A `Uint8Array` (a Node `Buffer` underneath), so its types need no Node typings.
 */
export function pngImage(
  width: number,
  height: number,
  { rgba = [37, 99, 235, 255], padding = 0 }: { rgba?: [number, number, number, number]; padding?: number } = {},
): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // bit depth 8, RGBA, deflate, no filter method, no interlace
  const row = Buffer.alloc(1 + width * 4);
  for (let x = 0; x < width; x++) row.set(rgba, 1 + x * 4);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    ...(padding > 0 ? [chunk("tEXt", Buffer.concat([Buffer.from("Comment\0"), Buffer.alloc(padding, 0x61)]))] : []),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", new Uint8Array()),
  ]);
}
