#!/usr/bin/env node
// Installs Debian's Chromium and a CJK font with apt-get where missing (browser tests and
// Chinese PDFs need them). Playwright never downloads a browser of its own here.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const missing = [];
if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
if (!existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc')) missing.push('fonts-noto-cjk');
if (!existsSync('/usr/bin/pdftoppm')) missing.push('poppler-utils');
if (missing.length > 0) {
  process.stdout.write(`Installing ${missing.join(', ')} with apt-get…\n`);
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit' });
  execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, {
    stdio: 'inherit',
  });
}
