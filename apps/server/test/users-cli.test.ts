import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../src/db/client.ts';
import { UsersRepository } from '../src/features/users/users.repository.ts';
import { UsersService } from '../src/features/users/users.service.ts';

const cli = path.resolve(import.meta.dirname, '../src/cli.ts');
const dataDir = mkdtempSync(path.join(tmpdir(), 'ecohelm-cli-'));
const run = (args: string[], input?: string) =>
  spawnSync(process.execPath, [cli, ...args], {
    env: { ...process.env, ECOHELM_DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    ...(input === undefined ? {} : { input }),
  });

let firstPassword = '';

async function canLogIn(username: string, password: string): Promise<boolean> {
  const store = openStore({ sqliteFile: path.join(dataDir, 'ecohelm.sqlite') });
  try {
    const users = new UsersService(new UsersRepository(store.db));
    return await users.login(username, password, 'cli-test').then(
      () => true,
      () => false,
    );
  } finally {
    await store.close();
  }
}

describe('ecohelm user add', { timeout: 60_000 }, () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('adds the first admin with a generated password that logs in', async () => {
    const res = run(['user', 'add', 'Admin', '--role', 'admin', '--name', 'Fleet admin']);
    expect(res.status).toBe(0);
    expect(res.stdout).toContain('Added user admin (admin).');
    const password = /Password: (\S+)/.exec(res.stdout)?.[1];
    expect(password).toMatch(/^[\w-]{16}$/);
    expect(await canLogIn('admin', password!)).toBe(true);
    firstPassword = password!;
  });

  it('refuses a bad name, a bad role and a short password with the reason', () => {
    const name = run(['user', 'add', 'a b', '--role', 'admin']);
    expect(name.status).toBe(2);
    expect(name.stderr).toContain('Use 3 to 32 characters');
    expect(run(['user', 'add', 'sam', '--role', 'captain']).status).toBe(2);
    const short = run(['user', 'add', 'sam', '--role', 'viewer', '--password-stdin'], 'short\n');
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('The password needs at least 10 characters.');
  });

  it('resets an existing account with a password from stdin: the old one stops working', async () => {
    const res = run(
      ['user', 'add', 'admin', '--role', 'admin', '--password-stdin'],
      'a new admin password\n',
    );
    expect(res.status).toBe(0);
    expect(res.stdout).toContain('Reset user admin (admin).');
    expect(res.stdout).not.toContain('Password:');
    expect(await canLogIn('admin', 'a new admin password')).toBe(true);
    expect(await canLogIn('admin', firstPassword)).toBe(false);
  });
});
