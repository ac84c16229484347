import { type ReportResponse, ruleSetText } from '@ecohelm/contracts';
import { Descriptions, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useFormat } from '../../lib/use-format';
import { Panel } from '../../ui/panel';

type Item = [label: string, value: ReactNode, unit?: string];

function Facts({ items, columns = 1 }: { items: Item[]; columns?: number }) {
  return (
    <Descriptions
      size="small"
      column={columns}
      bordered
      items={items.map(([label, value, unit], i) => ({
        key: String(i),
        label,
        children: (
          <span>
            {value}
            {unit ? <span style={{ opacity: 0.65, marginLeft: 6 }}>{unit}</span> : null}
          </span>
        ),
      }))}
    />
  );
}

/** EU MRV annual emissions, EU ETS allowances and FuelEU Maritime, all as the API computed them. */
export function MrvSummary({ report }: { report: ReportResponse }) {
  const { t, num } = useFormat();
  const k = (key: string) => t(`reports.fields.${key}`);
  const tot = report.totals;
  const gases: Item[] = [
    [k('co2'), num(tot.ghg.co2T), 't'],
    ...(report.includesNonCo2
      ? ([
          [k('ch4'), num(tot.ghg.ch4T, 4), 't'],
          [k('n2o'), num(tot.ghg.n2oT, 4), 't'],
          [k('co2e'), num(tot.ghg.co2eT), 't CO2e'],
        ] as Item[])
      : []),
  ];
  const ets = report.ets;
  const fe = report.fuelEu;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1.2fr 1fr 1fr', gap: 12 }}>
      <div data-testid="report-annual">
        <Panel title={t('reports.sections.annual')}>
          <Facts
            items={[
              ...gases,
              [k('atBerth'), num(tot.atBerthEea.co2T), 't'],
              [k('intraEea'), num(tot.intraEea.co2T), 't'],
              [k('outgoing'), num(tot.outgoing.co2T), 't'],
              [k('incoming'), num(tot.incoming.co2T), 't'],
              [k('distance'), num(tot.distanceNm, 1), 'nm'],
              [k('timeAtSea'), num(tot.hoursUnderway, 1), 'h'],
              [k('transportWork'), num(tot.transportWorkTNm, 0), 't·nm'],
              [k('co2PerTransportWork'), num(tot.co2PerTransportWorkGPerTNm), 'g/(t·nm)'],
            ]}
          />
        </Panel>
      </div>
      <div data-testid="report-ets">
        <Panel title={t('reports.sections.ets')}>
          {ets ? (
            <Facts
              items={[
                [k('phaseIn'), `${num(ets.phaseInPercent, 0)} %`],
                [k('gases'), ets.covered ? ets.gases : t('reports.notCovered')],
                [k('euScopeCo2'), num(ets.euScopeCo2T), 't'],
                [k('euScopeCh4'), num(ets.euScopeCh4T, 4), 't'],
                [k('euScopeN2o'), num(ets.euScopeN2oT, 4), 't'],
                [k('emissionsCounted'), num(ets.emissionsCountedT), ets.gases === 'CO2e' ? 't CO2e' : 't'],
                [k('allowances'), <strong key="a">{num(ets.allowances)}</strong>, 'EUA'],
                [k('ruleSet'), ruleSetText(ets.ruleSet)],
              ]}
            />
          ) : null}
        </Panel>
      </div>
      <div data-testid="report-fueleu">
        <Panel title={t('reports.sections.fuelEu')}>
          {fe ? (
            <Facts
              items={[
                [
                  k('status'),
                  <Tag key="s" color={fe.status === 'ok' ? 'blue' : 'default'}>
                    {t(`reports.fuelEuStatus.${fe.status}`)}
                  </Tag>,
                ],
                [k('ghgIntensity'), num(fe.ghgIntensityGCo2ePerMj), 'gCO2e/MJ'],
                [k('limit'), num(fe.limitGCo2ePerMj), 'gCO2e/MJ'],
                [k('energy'), num(fe.energyMj, 0), 'MJ'],
                [
                  k('complianceBalance'),
                  <span
                    key="cb"
                    style={{ color: (fe.complianceBalanceTCo2e ?? 0) < 0 ? '#ff7875' : '#95de64' }}
                  >
                    {num(fe.complianceBalanceTCo2e)}
                  </span>,
                  't CO2e',
                ],
                [k('penalty'), <strong key="p">{num(fe.penaltyEur, 0)}</strong>, 'EUR'],
                [k('ruleSet'), ruleSetText(fe.ruleSet)],
              ]}
            />
          ) : null}
        </Panel>
      </div>
    </div>
  );
}

/** IMO DCS appendix IX data set. */
export function DcsSummary({ report }: { report: ReportResponse }) {
  const { t, num, sum } = useFormat();
  const k = (key: string) => t(`reports.fields.${key}`);
  const d = report.dcs;
  if (!d) return null;
  return (
    <div data-testid="report-dcs">
      <Panel title={t('reports.sections.dcs')}>
        <Facts
          columns={3}
          items={[
            [k('period'), `${d.periodStart} — ${d.periodEnd}`],
            [k('imoNumber'), d.imoNumber],
            [k('shipType'), t(`ship.shipTypes.${d.shipType}`, { defaultValue: d.shipType })],
            [k('grossTonnage'), num(d.grossTonnage, 0)],
            [k('netTonnage'), num(d.netTonnage, 0)],
            [k('deadweight'), num(d.deadweightT, 0), 't'],
            [k('mainPower'), num(d.mainEnginePowerKw, 0), 'kW'],
            [k('auxPower'), num(d.auxiliaryEnginePowerKw, 0), 'kW'],
            [k('iceClass'), d.iceClass ?? '—'],
            [k('eedi'), num(d.attainedEedi), 'g/(t·nm)'],
            [k('eexi'), num(d.attainedEexi), 'g/(t·nm)'],
            [k('method'), t(`ship.methods.${d.method}`, { defaultValue: d.method })],
            [k('distance'), num(d.distanceNm, 1), 'nm'],
            [k('hoursUnderway'), num(d.hoursUnderway, 1), 'h'],
            [k('fuelNotUnderway'), num(sum(d.fuelNotUnderwayT)), 't'],
            [k('shorePower'), num(d.shorePowerKwh, 0), 'kWh'],
            [k('transportWork'), num(d.transportWorkTNm, 0), 't·nm'],
            [k('co2'), <strong key="c">{num(d.co2T)}</strong>, 't'],
          ]}
        />
      </Panel>
    </div>
  );
}
