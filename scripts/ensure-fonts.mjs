#!/usr/bin/env node
// Makes sure a CJK font is installed, so the report export can write Chinese PDFs (the server looks
// for it at these Debian paths; see docs/operations.md). Installs fonts-noto-cjk with apt-get when
// none is found. Best effort: an offline ship without the font still starts, and a Chinese PDF
// export then answers a clear 503 instead of printing boxes.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CJK_FONT_PATHS = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
];

export function ensureCjkFont() {
  if (process.env.ECOHELM_CJK_FONT || CJK_FONT_PATHS.some((p) => existsSync(p))) return true;
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
    process.stderr.write('No CJK font found: Chinese PDF export is unavailable (see docs/operations.md).\n');
    return false;
  }
  process.stdout.write('Installing fonts-noto-cjk with apt-get (Chinese PDF reports)…\n');
  const sudo = process.getuid?.() === 0 ? '' : 'sudo -n ';
  try {
    execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit' });
    execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk`, {
      stdio: 'inherit',
    });
  } catch {
    process.stderr.write(
      'Could not install fonts-noto-cjk: Chinese PDF export is unavailable until a CJK font is installed (see docs/operations.md).\n',
    );
    return false;
  }
  return CJK_FONT_PATHS.some((p) => existsSync(p));
}

if (import.meta.url === `file://${process.argv[1]}`) ensureCjkFont();
