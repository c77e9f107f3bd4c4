// A tiny raster tile server for the map tests: every /{z}/{x}/{y}.png answers the
// same 256 × 256 PNG, drawn here (a light grey square with a grid line), so no
// tile ever comes from the internet. requests counts what the map asked for.
import { createServer } from 'node:http';
import { deflateSync } from 'node:zlib';
import { freePort } from './lockerd.mjs';

/** png encodes an RGB image given as a function of (x, y) → [r, g, b]. */
function png(size, color) {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) raw.set(color(x, y), y * (size * 3 + 1) + 1 + x * 3);
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const tilePng = png(256, (x, y) => (x === 0 || y === 0 ? [200, 210, 210] : [236, 240, 238]));

/** startTiles serves tiles on a free local port: { template, requests, stop() }. */
export async function startTiles() {
  const port = await freePort();
  const requests = [];
  const server = createServer((req, res) => {
    requests.push(req.url);
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' }).end(tilePng);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    template: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    requests,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
