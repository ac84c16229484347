import type { FastifyBaseLogger } from 'fastify';
import type { JobSpec } from './jobs.ts';

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
 * Gives the memory the C allocator keeps after it was freed back to the system: the `memory.trim` job, every minute.
 * A year's analysis or a burst of requests decodes and frees many buffers (chunks, zlib, SQLite pages); glibc keeps
 * the freed pages in its arenas, about 50 MB after the hourly energy assessment, measured (docs/decisions.md "Server
 * memory"). Through koffi (a maintained FFI library with prebuilt binaries); where the call is not available, there
 * is no job (undefined).
 */
export async function memoryTrimJob(log: FastifyBaseLogger): Promise<JobSpec | undefined> {
  const trim = await loadMallocTrim();
  if (!trim) {
    log.info('malloc_trim is not available here: freed native memory stays with the allocator');
    return undefined;
  }
  return {
    name: 'memory.trim',
    description: 'Gives memory freed by the server back to the system (malloc_trim).',
    schedule: '* * * * *',
    run: async () => trim(),
  };
}
