#!/usr/bin/env node
// A Modbus TCP device for the browser tests (modbus-serial's server): the AMS registers of
// docs/examples/modbus-register-map.csv with plausible engine values, so the adapters' server of the
// browser tests shows a connected Modbus source. Usage: node scripts/e2e-modbus-peer.mjs PORT
import modbus from 'modbus-serial';

const port = Number(process.argv[2]);
const words = new Map();
const f32 = (address, value, order) => {
  const view = new DataView(new ArrayBuffer(4));
  view.setFloat32(0, value);
  const [hi, lo] = [view.getUint16(0), view.getUint16(2)];
  words.set(address, order === 'big' ? hi : lo);
  words.set(address + 1, order === 'big' ? lo : hi);
};
words.set(0, 785);
words.set(1, 652);
words.set(2, 611);
f32(3, 6120.5, 'big');
f32(5, 1150.25, 'big');
for (let i = 0; i < 7; i++) words.set(10 + i, 3405 + i * 10);
words.set(20, 215);
f32(100, 412.5, 'little');
f32(102, 398.25, 'little');
f32(104, 0, 'little');
words.set(106, 1);
words.set(107, 1);
words.set(108, 0);
const read = (address) => {
  const v = words.get(address);
  if (v === undefined) throw Object.assign(new Error('Illegal data address'), { modbusErrorCode: 2 });
  return v;
};
const server = new modbus.ServerTCP(
  { getHoldingRegister: read, getInputRegister: read },
  { host: '127.0.0.1', port, unitID: 1 },
);
server.on('socketError', () => undefined);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
