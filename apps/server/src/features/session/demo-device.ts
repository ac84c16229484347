import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SessionService } from './session.service.ts';

export const DEMO_DEVICE_CODE = 'BRIDGE-01';

/**
 * Makes sure the built-in console device exists and returns a fresh token for it, so the
 * start-up message can print a one-click address. Its secret is kept in `<dataDir>/device-secret.txt`
 * (created once, readable by the ship's IT only) for logging in at /dcLogin.
 */
export async function ensureDemoDevice(sessions: SessionService, dataDir: string) {
  const secretFile = path.join(dataDir, 'device-secret.txt');
  let secret: string;
  try {
    secret = readFileSync(secretFile, 'utf8').trim();
  } catch {
    secret = randomBytes(12).toString('base64url');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
  }
  const device = await sessions.registerDevice({
    code: DEMO_DEVICE_CODE,
    name: 'Bridge console',
    role: 'admin',
    secret,
  });
  const { token } = await sessions.issueToken(device.id, 'device');
  return { code: DEMO_DEVICE_CODE, dcToken: token, secretFile };
}
