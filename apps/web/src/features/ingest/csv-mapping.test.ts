import type { TelemetryChannel } from '@ecohelm/contracts';
import { describe, expect, it } from 'vitest';
import { csvHeader, guessMapping } from './csv-mapping';

const channel = (id: string, label: string): TelemetryChannel => ({
  id,
  label,
  equipment: 'navigation',
  unit: 'kn',
  siUnit: 'm/s',
  range: [0, 40],
  limits: {},
});

describe('CSV column mapping', () => {
  it('reads the header row with its delimiter and counts the data rows', () => {
    expect(
      csvHeader('time;SOG;"Shaft power"\n2025-01-01 00:00;12;5000\n2025-01-01 01:00;12.5;5100\n'),
    ).toEqual({
      columns: ['time', 'SOG', 'Shaft power'],
      delimiter: ';',
      rows: 2,
    });
  });

  it('guesses the time column and matches columns to channels by id, last segment or label', () => {
    const channels = [
      channel('navigation.speedOverGround', 'Speed over ground'),
      channel('propulsion.main.shaftPower', 'Shaft power'),
    ];
    expect(guessMapping(['Timestamp', 'speedOverGround', 'Shaft power', 'Remarks'], channels)).toEqual({
      timeColumn: 'Timestamp',
      columns: {
        speedOverGround: 'navigation.speedOverGround',
        'Shaft power': 'propulsion.main.shaftPower',
        Remarks: null,
      },
    });
  });
});
