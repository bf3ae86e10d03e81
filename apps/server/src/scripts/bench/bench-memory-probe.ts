import { createServer } from 'node:http';

/**
 * Loaded into the bench server process only (`node --import` by bench-server.ts when a section asks
 * for it), never by the app: a tiny HTTP listener on BENCH_MEMORY_PORT that reports this process's
 * memory, so the bench measures the server's own RSS and heap around a request.
 *   GET /memory        process.memoryUsage() now (after a full GC when ?gc=1 and --expose-gc)
 *   GET /memory/watch  starts sampling every 10 ms, keeping the peak RSS and heap since this call
 *   GET /memory/peek   the peaks so far, sampling on
 *   GET /memory/peak   the peaks since /memory/watch, and stops sampling
 */
const port = Number(process.env.BENCH_MEMORY_PORT);
if (port > 0) {
  let peak = { rss: 0, heapUsed: 0, heapTotal: 0, external: 0, samples: 0 };
  let timer: NodeJS.Timeout | undefined;
  const sample = () => {
    const now = process.memoryUsage();
    peak = {
      rss: Math.max(peak.rss, now.rss),
      heapUsed: Math.max(peak.heapUsed, now.heapUsed),
      heapTotal: Math.max(peak.heapTotal, now.heapTotal),
      external: Math.max(peak.external, now.external),
      samples: peak.samples + 1,
    };
  };
  const gc = (globalThis as { gc?: () => void }).gc;
  createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://probe');
    let body: unknown;
    if (url.pathname === '/memory') {
      if (url.searchParams.get('gc') === '1') gc?.();
      body = { ...process.memoryUsage(), gc: gc !== undefined };
    } else if (url.pathname === '/memory/watch') {
      peak = { rss: 0, heapUsed: 0, heapTotal: 0, external: 0, samples: 0 };
      sample();
      clearInterval(timer);
      timer = setInterval(sample, 10);
      timer.unref();
      body = peak;
    } else if (url.pathname === '/memory/peek') {
      sample();
      body = peak;
    } else if (url.pathname === '/memory/peak') {
      sample();
      clearInterval(timer);
      body = peak;
    } else {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  })
    .listen(port, '127.0.0.1')
    .unref();
}
