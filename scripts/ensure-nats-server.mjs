#!/usr/bin/env node
// Makes sure Debian's nats-server (with JetStream) is installed: the sync tests start their own, and the shore's
// NATS is this package (see docs/operations.md). Installs it with apt-get when it is missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PATHS = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'];

/** The nats-server binary, installed with apt-get when missing; throws when it cannot be. */
export function natsServerPath() {
  const found = () => PATHS.find((p) => existsSync(p));
  if (found()) return found();
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
    throw new Error('nats-server is not installed (Debian: apt-get install nats-server)');
  }
  process.stdout.write('Installing nats-server with apt-get (ship-to-shore sync tests)…\n');
  const sudo = process.getuid?.() === 0 ? '' : 'sudo -n ';
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit' });
  execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nats-server`, {
    stdio: 'inherit',
  });
  const bin = found();
  if (!bin) throw new Error('apt-get installed nats-server but its binary is not where expected');
  return bin;
}

if (import.meta.url === `file://${process.argv[1]}`) natsServerPath();
