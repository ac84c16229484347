import type { FastifyBaseLogger } from 'fastify';

/** glibc's `malloc_trim(0)`, or undefined where there is none (another C library, another system). */
export async function loadMallocTrim(): Promise<(() => number) | undefined> {
  if (process.platform !== 'linux') return undefined;
  try {
    const { default: koffi } = await import('koffi');
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
    return () => trim(0) as number;
  } catch {
    return undefined;
  }
}

/**
 * Gives the memory the C allocator keeps after it was freed back to the system, every `everyMs` (60 s). A year's
 * analysis or a burst of requests decodes and frees many buffers (chunks, zlib, SQLite pages); glibc keeps the freed
 * pages in its arenas, about 50 MB after the hourly energy assessment, measured (docs/decisions.md "Server memory").
 * Through koffi (a maintained FFI library with prebuilt binaries); where the call is not available, nothing runs.
 * Returns the stop.
 */
export async function startMemoryTrim(log: FastifyBaseLogger, everyMs = 60_000): Promise<() => void> {
  const trim = await loadMallocTrim();
  if (!trim) {
    log.info('malloc_trim is not available here: freed native memory stays with the allocator');
    return () => undefined;
  }
  const timer = setInterval(trim, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
