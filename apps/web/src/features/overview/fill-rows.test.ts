import { describe, expect, it } from 'vitest';
import { fillRows } from './fill-rows';

const spans = (ps: { id: string; span?: number }[]) => ps.map((p) => `${p.id}:${p.span}`).join(' ');
const overview = [
  { id: 'cii' },
  { id: 'factors', span: 2 },
  { id: 'eca' },
  { id: 'nav', span: 2 },
  { id: 'co2', span: 2 },
  { id: 'bunker', span: 2 },
  { id: 'alarms', span: 2 },
];

describe('overview rows with hidden panels', () => {
  it('keeps the full layout as it is: three rows of four columns', () => {
    const r = fillRows(overview, 4);
    expect(spans(r.panels)).toBe('cii:1 factors:2 eca:1 nav:2 co2:2 bunker:2 alarms:2');
    expect(r.rows).toBe(3);
  });

  it('widens the panel before a hole instead of leaving it (the ECA panel hidden)', () => {
    const r = fillRows(
      overview.filter((p) => p.id !== 'eca'),
      4,
    );
    expect(spans(r.panels)).toBe('cii:1 factors:3 nav:2 co2:2 bunker:2 alarms:2');
    expect(r.rows).toBe(3);
  });

  it('fills the last row and counts the rows left (CO2 and the alarms hidden)', () => {
    const r = fillRows(
      overview.filter((p) => p.id !== 'co2' && p.id !== 'alarms'),
      4,
    );
    expect(spans(r.panels)).toBe('cii:1 factors:2 eca:1 nav:2 bunker:2');
    expect(r.rows).toBe(2);
    const one = fillRows([{ id: 'nav', span: 2 }], 4);
    expect(spans(one.panels)).toBe('nav:4');
    expect(one.rows).toBe(1);
  });
});
