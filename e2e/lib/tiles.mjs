// A tiny raster tile server for the map tests: every /{z}/{x}/{y}.png answers the
// same 256 × 256 PNG, drawn here (a light grey square with a grid line), so no
// tile ever comes from the internet. requests counts what the map asked for.
import { createServer } from 'node:http';
import { freePort } from './lockerd.mjs';
import { png } from './png.mjs';

export const tilePng = png(256, 256, (x, y) => (x === 0 || y === 0 ? [200, 210, 210] : [236, 240, 238]));

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
