import { describe, expect, it } from 'vitest';
import { ciiApplicability } from './applicability.ts';

describe('CII applicability', () => {
  it('maps a bulk carrier to its DWT capacity, and keeps GT when given', () => {
    expect(ciiApplicability({ shipType: 'bulk_carrier', deadweightT: 82_000, grossTonnage: 44_000 })).toEqual(
      {
        applies: true,
        ship: { shipType: 'bulk_carrier', dwt: 82_000, gt: 44_000 },
      },
    );
  });

  it('says why CII does not apply to an unknown type or a ship without the capacity its line needs', () => {
    const other = ciiApplicability({ shipType: 'other', deadweightT: 82_000 });
    expect(other.applies).toBe(false);
    const noDwt = ciiApplicability({ shipType: 'bulk_carrier', deadweightT: 0 });
    expect(noDwt).toMatchObject({ applies: false, reason: expect.stringMatching(/\S/) });
  });
});
