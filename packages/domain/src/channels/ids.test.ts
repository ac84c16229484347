import { describe, expect, it } from 'vitest';
import { channelCatalogue } from './catalogue.ts';
import { CHANNEL } from './ids.ts';

describe('CHANNEL', () => {
  it('names every catalogue channel once and nothing else', () => {
    const named = Object.values(CHANNEL);
    expect(new Set(named).size).toBe(named.length);
    expect([...named].sort()).toEqual(channelCatalogue.map((c) => c.id).sort());
  });
});
