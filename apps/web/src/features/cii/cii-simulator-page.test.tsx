import type { CiiSimulatorResponse } from '@ecohelm/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/render-page';
import { CiiSimulatorPage } from './cii-simulator-page';

const path = '/carbon-manage/cii-simulator';
const panel = (id: string) => document.querySelector(`[data-panel="${id}"]`) as HTMLElement;
const figure = {
  year: 2026,
  attainedCii: 4.2,
  requiredCii: 5.1,
  referenceCii: 5.5,
  reductionFactorPct: 9,
  boundaries: { superior: 4.3, lower: 4.8, upper: 5.3, inferior: 5.9 },
  rating: 'A' as const,
  co2T: 20_000,
  fuelT: { ls_hfo: 6_400 },
  distanceNm: 60_000,
  hoursUnderway: 5_000,
};
const scenario = (speedKn: number) => ({
  speedKn,
  dailyFuelT: 30,
  plannedDistanceNm: 10_000,
  plannedFuelT: 900,
  yearDistanceNm: 70_000,
  yearCo2T: 23_000,
  attainedCii: 4.5,
  rating: 'B' as const,
});
const answer: CiiSimulatorResponse = {
  year: 2026,
  days: 30,
  model: {
    a: 0.01,
    b: 3,
    r2: 0.9,
    n: 4000,
    constrained: false,
    minSpeedKn: 8,
    maxSpeedKn: 15.1,
    source: 'telemetry',
  },
  soFar: figure,
  requiredCii: 5.1,
  boundaries: figure.boundaries,
  scenarios: [scenario(12), scenario(18)],
  curve: [4, 20].map((speedKn) => ({ speedKn, attainedCii: 4.5, rating: 'B' as const })),
  maxSpeed: { rating: 'C', speedKn: 20 },
};

describe('CII simulator page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says when the highest speed is an extrapolation beyond the fitted speeds and the top of the range', async () => {
    stubApi({ '/api/v1/cii/simulator': { json: answer } });
    await renderPage(<CiiSimulatorPage />, { path });
    fireEvent.change(await screen.findByLabelText('Sailing speed (kn)'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Expected sailing days'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simulate' }));
    const max = await screen.findByTestId('cii-max-speed');
    expect(max.textContent).toContain('Highest average speed keeping rating C: 20.0 kn or more');
    expect(within(max).getByTestId('cii-extrapolated').textContent).toBe(
      'beyond the speeds the model was fitted on (8.0–15.1 kn): an extrapolation',
    );
    // The compared 18 kn lies beyond the fitted speeds too; 12 kn does not.
    expect(within(panel('simulatorCompare')).getAllByText('extrapolated')).toHaveLength(1);
  });

  it('refuses days and speeds out of range at the field instead of clamping them', async () => {
    const { calls } = stubApi({ '/api/v1/cii/simulator': { json: answer } });
    await renderPage(<CiiSimulatorPage />, { path });
    const days = await screen.findByLabelText('Expected sailing days');
    fireEvent.change(screen.getByLabelText('Sailing speed (kn)'), { target: { value: '1000000000000' } });
    fireEvent.change(days, { target: { value: '100000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simulate' }));
    expect(await screen.findByText('The sailing speed must be a number from 0.1 to 30 kn.')).toBeTruthy();
    expect(await screen.findByText('The expected sailing days must be a number from 1 to 366.')).toBeTruthy();
    expect(calls.some((url) => url.startsWith('/api/v1/cii/simulator'))).toBe(false);
  });

  it('refuses letters in the speed at the field', async () => {
    const { calls } = stubApi({ '/api/v1/cii/simulator': { json: answer } });
    await renderPage(<CiiSimulatorPage />, { path });
    fireEvent.change(await screen.findByLabelText('Sailing speed (kn)'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('Expected sailing days'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simulate' }));
    expect(
      await screen.findByText(
        'Sailing speed: type a number (digits, a point for decimals); letters and exponents are not taken.',
      ),
    ).toBeTruthy();
    expect(calls.some((url) => url.startsWith('/api/v1/cii/simulator'))).toBe(false);
  });
});
