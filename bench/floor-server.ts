/**
 * The bench's floor server (bench/service.ts): a bare `node:http` server, run as a child process like
 * the service, that answers every request with one pre-built body (the same headers the service
 * sends: `Content-Type`, `Content-Length`, `X-Content-Type-Options`). Its latency under the same load
 * is what moving that many bytes through HTTP and autocannon's parser costs on this machine, without
 * any of the service's work.
 *
 * Control: `GET /__floor/load?file=PATH` reads PATH (a captured response body) into memory and serves
 * it from then on. Prints `Floor server: http://127.0.0.1:PORT` when listening (port 0 = a free one).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

let body = Buffer.from('{}');

const server = createServer((req, res) => {
  if (req.url?.startsWith('/__floor/load?')) {
    const file = new URL(req.url, 'http://floor').searchParams.get('file');
    if (file) body = readFileSync(file);
    res.writeHead(204);
    res.end();
    return;
  }
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(body.length),
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(body);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`Floor server: http://127.0.0.1:${port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
