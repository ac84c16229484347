import { describe, expect, it } from 'vitest';
import { loadMallocTrim } from '../src/platform/memory-trim.ts';

describe('giving freed native memory back to the system', () => {
  it.runIf(process.platform === 'linux')(
    "calls glibc's malloc_trim, which answers whether it released memory",
    async () => {
      const trim = await loadMallocTrim();
      expect(trim).toBeTypeOf('function');
      // Free a few megabytes of native buffers, then trim: the answer is 1 (released) or 0 (nothing to release).
      for (let i = 0; i < 64; i++) Buffer.allocUnsafeSlow(256 * 1024).fill(i);
      expect([0, 1]).toContain(trim?.());
    },
  );
});
