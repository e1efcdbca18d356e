// A no-op loopback receiver for the benchmark: reads the body, answers a valid create reply.
// Runs as its own process so that its work does not compete with the sender being measured.
import { createServer } from 'node:http';

const reply = Buffer.from(JSON.stringify({ status: 'ok', data: { userId: 'ext-1' } }));
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': reply.length });
    res.end(reply);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: server.address().port });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
