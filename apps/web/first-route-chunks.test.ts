import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { barrelTarget, namesImported } from './first-route-chunks';

type Ctx = Parameters<typeof barrelTarget>[0];

describe('first-route chunk groups: names followed through a barrel', () => {
  it('reads the names a module imports from a package, renamed ones by their exported name', () => {
    const code = `import { Alert, Button as B, Space } from "antd";\nimport { Tag } from 'antd/es/tag';\nimport { useMemo } from "react";`;
    expect(namesImported(code, 'antd')).toEqual(['Alert', 'Button', 'Space']);
    expect(namesImported(code, 'react')).toEqual(['useMemo']);
    expect(namesImported(code, 'dayjs')).toEqual([]);
  });

  it("finds the module antd's barrel takes a component from, among the modules it imports", () => {
    const barrel = createRequire(import.meta.url).resolve('antd/es/index.js');
    const code = readFileSync(barrel, 'utf8');
    const dir = path.dirname(barrel);
    const importedIds = ['input-number', 'tag', 'space'].map((d) => path.join(dir, d, 'index.js'));
    const ctx = {
      getModuleInfo: (id: string) => (id === barrel ? { code, importedIds } : null),
    } as unknown as Ctx;
    expect(barrelTarget(ctx, barrel, 'InputNumber')).toBe(path.join(dir, 'input-number', 'index.js'));
    expect(barrelTarget(ctx, barrel, 'Tag')).toBe(path.join(dir, 'tag', 'index.js'));
    // A name the barrel exports from a module not among those given, and one it does not export.
    expect(barrelTarget(ctx, barrel, 'Upload')).toBeUndefined();
    expect(barrelTarget(ctx, barrel, 'NoSuchThing')).toBeUndefined();
  });
});
