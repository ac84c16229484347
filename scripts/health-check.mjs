#!/usr/bin/env node
// `node scripts/health-check.mjs [PORT]`: exits 0 when the server on this PC answers /api/health within 10 s,
// else 1. The systemd health timer (`ecohelm service install`) restarts the server on a 1.
const port = Number(process.argv[2] ?? process.env.PORT ?? 8080);
try {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
    signal: AbortSignal.timeout(10_000),
  });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
