#!/usr/bin/env node
// A device that accepts TCP connections and never answers, as a hung Modbus gateway or one behind a pulled
// cable does: the browser tests' adapters server must show it as reconnecting, not connected.
// Usage: node scripts/e2e-silent-peer.mjs PORT
import net from 'node:net';

const port = Number(process.argv[2]);
const sockets = new Set();
const server = net.createServer((socket) => {
  sockets.add(socket);
  socket.on('data', () => undefined);
  socket.on('error', () => undefined);
  socket.on('close', () => sockets.delete(socket));
});
server.listen(port, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const s of sockets) s.destroy();
    server.close(() => process.exit(0));
  });
}
