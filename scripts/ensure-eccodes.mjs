#!/usr/bin/env node
// Installs ECMWF's ecCodes tools (grib_set, grib_filter, …) with apt-get where missing. Only regenerating the
// weather feature's GRIB2 fixtures needs them (apps/server/src/features/weather/fixtures/make-fixtures.sh);
// the tests read the committed fixtures, so CI does not.
import { execSync } from 'node:child_process';

const has = (command) => {
  try {
    execSync(`command -v ${command}`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

if (!has('grib_set') || !has('grib_filter')) {
  process.stdout.write('Installing libeccodes-tools with apt-get…\n');
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit' });
  execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libeccodes-tools`, {
    stdio: 'inherit',
  });
}
