import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chauvenetKeep, evaluateBlock, type FoulingSample, ISO19030_FILTERS } from '@ecohelm/domain';
import { describe, expect, it } from 'vitest';

/**
 * The Lab021 ISO 19030 sample (Apache-2.0, copied to fixtures/iso19030_lab021): one 10-minute block at 10 s with
 * relative wind, and the particulars and reference curves of its ship. Every figure the method produces is
 * computed again here by a separate route (plain loops, the reference table itself, the textbook formulas).
 */
const DIR = path.join(import.meta.dirname, 'fixtures/iso19030_lab021');
const KN = 1852 / 3600;
const rad = (d: number) => (d * Math.PI) / 180;

function csv(name: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(path.join(DIR, name), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const cols = header!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i]!, v])));
}

const rows = csv('voyageData.csv');
const particular = csv('particular.csv')[0]!;
const curve = csv('speedPower.csv').map((r) => ({
  v: Number(r.SCANTLING_SPEED),
  p: Number(r.SCANTLING_POWER),
}));
const SHIP = {
  beamM: Number(particular.BREADTH),
  transverseAreaM2: Number(particular.TRANSVERSE_PROJECTION_AREA_BALLAST),
  areaDraftM: Number(csv('draft.csv')[0]!.BALLAST_DRAFT_FORE),
  etaD: 0.7,
  cx0: 0.8,
};

/** True wind from the relative wind the sample records (the domain takes true wind and works back). */
function samples(): FoulingSample[] {
  return rows.map((r) => {
    const vG = Number(r.SPEED_VG) * KN;
    const psi = rad(Number(r.REL_WIND_DIR));
    const vWr = Number(r.REL_WIND_SPEED);
    const x = vWr * Math.cos(psi) - vG;
    const y = vWr * Math.sin(psi);
    return {
      t: Date.parse(`${r.TIME_STAMP!.replace(' ', 'T')}Z`),
      stwKn: Number(r.SPEED_LW),
      sogKn: Number(r.SPEED_VG),
      powerKw: Number(r.ME1_SHAFT_POWER),
      rpm: Number(r.ME1_RPM_SHAFT),
      headingRad: rad(Number(r.SHIP_HEADING)),
      windSpeedMs: Math.hypot(x, y),
      windFromRad: rad(Number(r.SHIP_HEADING)) + Math.atan2(y, x),
      draftM: (Number(r.DRAFT_FORE) + Number(r.DRAFT_AFT)) / 2,
      rudderRad: rad(Number(r.RUDDER_ANGLE)),
      depthM: Number(r.WATER_DEPTH),
      seaTempC: Number(r.SW_TEMP),
    };
  });
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('ISO 19030 on the Lab021 sample block', () => {
  it("applies Chauvenet's criterion per parameter as ISO 19030-2 writes it, where Lab021 keeps every sample", () => {
    // For N = 60 a sample goes when |x − x̄|/σ > √2·erfc⁻¹(1/120) = 2.6383 (tables of the criterion).
    const LIMIT = 2.6383;
    for (const column of ['SPEED_LW', 'SPEED_VG', 'ME1_SHAFT_POWER', 'ME1_RPM_SHAFT']) {
      const xs = rows.map((r) => Number(r[column]));
      const m = mean(xs);
      const sd = Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
      const byHand = xs.map((x) => Math.abs(x - m) / sd <= LIMIT);
      expect(chauvenetKeep(xs), column).toEqual(byHand);
    }
    // Lab021 flags all 60 as kept. By the criterion four go: STW 13.25 kn (row 51) at 2.6386 σ, 0.0003 σ past
    // the limit, and three SOG readings of 12.6 kn among 12.5s (a log quantised to 0.1 kn has a tiny σ).
    expect(rows.every((r) => r.VALID_CHAUVENT === 'TRUE')).toBe(true);
    const dropped = (column: string) =>
      chauvenetKeep(rows.map((r) => Number(r[column])))
        .map((k, i) => (k ? undefined : rows[i]![column]))
        .filter((v) => v !== undefined);
    expect(dropped('SPEED_LW')).toEqual(['13.25']);
    expect(dropped('SPEED_VG')).toEqual(['12.6', '12.6', '12.6']);
    expect(dropped('ME1_SHAFT_POWER')).toEqual([]);
    expect(dropped('ME1_RPM_SHAFT')).toEqual([]);
  });

  it('refuses the block by the ISO wind limit: the true wind is above Beaufort 4', () => {
    const trueWind = mean(samples().map((s) => s.windSpeedMs));
    expect(trueWind).toBeGreaterThan(7.9);
    expect(evaluateBlock(0, samples(), SHIP).rejected).toBe('wind');
  });

  it('with the wind limit lifted, gives the means, the wind-corrected power and the PV computed here', () => {
    const r = evaluateBlock(0, samples(), SHIP, { ...ISO19030_FILTERS, maxWindMs: 99 });
    expect(r.rejected).toBeUndefined();
    // The block's samples: those no parameter marks as an outlier (by the limit of the test above).
    const z = (column: string) => {
      const xs = rows.map((x) => Number(x[column]));
      const m = mean(xs);
      const sd = Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
      return xs.map((x) => Math.abs(x - m) / sd);
    };
    const zs = ['SPEED_LW', 'SPEED_VG', 'ME1_SHAFT_POWER', 'ME1_RPM_SHAFT'].map(z);
    const used = rows.filter((_, i) => zs.every((col) => col[i]! <= 2.6383));
    expect(used).toHaveLength(56);
    expect(r.stwKn).toBeCloseTo(mean(used.map((x) => Number(x.SPEED_LW))), 9);
    expect(r.stwKn).toBeCloseTo(13.16, 2);
    expect(r.powerKw).toBeCloseTo(mean(used.map((x) => Number(x.ME1_SHAFT_POWER))), 9);
    // Annex G per sample: R = ½ρA(C_X0·cos ψ·V_WR² − C_X0·V_G²), A grown by (T_ballast − T)·B; ΔP = R·V_G/η_D.
    const corrected = mean(
      used.map((x) => {
        const vG = Number(x.SPEED_VG) * KN;
        const area = SHIP.transverseAreaM2 + (SHIP.areaDraftM - 18.2) * SHIP.beamM;
        const rAA =
          0.5 *
          1.225 *
          area *
          0.8 *
          (Math.cos(rad(Number(x.REL_WIND_DIR))) * Number(x.REL_WIND_SPEED) ** 2 - vG ** 2);
        return Number(x.ME1_SHAFT_POWER) - (rAA * vG) / 0.7 / 1000;
      }),
    );
    expect(r.correctedPowerKw).toBeCloseTo(corrected, 6);
    // Expected speed from the scantling table itself (log-log between its points), scaled to 18.2 m by the
    // admiralty law (power ∝ Δ^(2/3), Δ ∝ T) since the sample sails deeper than the deepest curve.
    const pAt12 = corrected / (18.2 / 12) ** (2 / 3);
    const i = curve.findIndex(
      (point, k) => point.p <= pAt12 && curve[k + 1] !== undefined && curve[k + 1]!.p >= pAt12,
    );
    const [a, b] = [curve[i]!, curve[i + 1]!];
    const vE = Math.exp(
      Math.log(a.v) +
        ((Math.log(pAt12) - Math.log(a.p)) * (Math.log(b.v) - Math.log(a.v))) /
          (Math.log(b.p) - Math.log(a.p)),
    );
    // The method fits a·V^b to the whole curve; between two points the table and the fit differ by < 0.5 %.
    expect(r.expectedKn!).toBeCloseTo(vE, 1);
    expect(r.pv!).toBeCloseTo((100 * (r.stwKn! - vE)) / vE, 0);
  });
});
