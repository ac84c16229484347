import type { FleetShip, FleetShipRow } from '@ecohelm/contracts';
import { Button, type TableColumnType, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/use-format';
import { RATING_COLORS } from '../../ui/rating-colors';
import { ScrollTable } from '../../ui/scroll-table';
import { agoText, shipName } from './fleet-format';
import { FleetIntakeMarkers } from './fleet-intake-markers';

const byNumber = (v: (r: FleetShipRow) => number | null | undefined) => (a: FleetShipRow, b: FleetShipRow) =>
  (v(a) ?? Number.NEGATIVE_INFINITY) - (v(b) ?? Number.NEGATIVE_INFINITY);

export function RatingTag({ rating }: { rating: keyof typeof RATING_COLORS | null }) {
  return rating ? (
    <Tag
      style={{
        background: RATING_COLORS[rating],
        borderColor: RATING_COLORS[rating],
        color: '#10131a',
        fontWeight: 600,
      }}
    >
      {rating}
    </Tag>
  ) : (
    <span>—</span>
  );
}

/** The year-end projection and its rating, or one dash. */
export function Projection({ cii }: { cii: FleetShipRow['cii'] }) {
  const { num } = useFormat();
  if (cii?.projectedCii === null || cii?.projectedCii === undefined) return <span>—</span>;
  return (
    <span>
      {num(cii.projectedCii, 2)} <RatingTag rating={cii.projectedRating} />
    </span>
  );
}

/** Every ship with its last contact and figures; every column sorts. */
export function FleetTable({
  ships,
  staleAfterHours,
  onOpen,
  intake,
}: {
  ships: FleetShipRow[];
  staleAfterHours: number;
  onOpen: (shipId: string) => void;
  /** The shore's intake per ship: partial history, dead letters. */
  intake?: ReadonlyMap<string, FleetShip> | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { num } = useFormat();
  /** A figure of a ship, right-aligned and sorting by its value. */
  const figure = (
    title: string,
    key: string,
    value: (r: FleetShipRow) => number | null | undefined,
    digits: number,
  ): TableColumnType<FleetShipRow> => ({
    title: t(`fleet.columns.${title}`),
    key,
    align: 'right',
    sorter: byNumber(value),
    render: (_, r) => num(value(r), digits),
  });
  return (
    <ScrollTable<FleetShipRow>
      rowKey="shipId"
      className="fleet-ships"
      height={520}
      dataSource={ships}
      columns={[
        {
          title: t('fleet.columns.ship'),
          key: 'ship',
          width: 170,
          sorter: (a, b) => shipName(a, i18n.language).localeCompare(shipName(b, i18n.language)),
          render: (_, r) => (
            <Button
              type="link"
              size="small"
              style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
              onClick={() => onOpen(r.shipId)}
            >
              {shipName(r, i18n.language)}
            </Button>
          ),
        },
        {
          title: t('fleet.columns.imo'),
          dataIndex: 'imoNumber',
          width: 100,
          sorter: (a, b) => a.imoNumber.localeCompare(b.imoNumber),
        },
        {
          title: t('fleet.columns.lastContact'),
          key: 'contact',
          width: 150,
          sorter: byNumber((r) => (r.hoursSinceContact === null ? null : -r.hoursSinceContact)),
          render: (_, r) => (
            <span>
              {agoText(r.hoursSinceContact, t)}
              {r.stale ? (
                <Tooltip title={t('fleet.staleHint', { hours: staleAfterHours })}>
                  <Tag color="orange" style={{ marginLeft: 6 }}>
                    {t('fleet.stale')}
                  </Tag>
                </Tooltip>
              ) : null}
              <FleetIntakeMarkers intake={intake?.get(r.shipId)} />
            </span>
          ),
        },
        {
          title: t('fleet.columns.attained'),
          key: 'attained',
          align: 'right',
          sorter: byNumber((r) => r.cii?.attainedCii),
          render: (_, r) =>
            r.issue && !r.cii ? (
              <Tag color="red">{t(`fleet.issues.${r.issue}`)}</Tag>
            ) : (
              num(r.cii?.attainedCii, 2)
            ),
        },
        figure('required', 'required', (r) => r.cii?.requiredCii, 2),
        {
          title: t('fleet.columns.rating'),
          key: 'rating',
          align: 'center',
          width: 80,
          sorter: (a, b) => (a.cii?.rating ?? 'Z').localeCompare(b.cii?.rating ?? 'Z'),
          render: (_, r) => <RatingTag rating={r.cii?.rating ?? null} />,
        },
        {
          title: t('fleet.columns.projection'),
          key: 'projection',
          align: 'right',
          sorter: byNumber((r) => r.cii?.projectedCii),
          render: (_, r) => <Projection cii={r.cii} />,
        },
        figure('eua', 'eua', (r) => r.etsAllowances, 0),
        {
          title: t('fleet.columns.fuelEuBalance'),
          key: 'fuelEu',
          align: 'right',
          sorter: byNumber((r) => r.fuelEu?.complianceBalanceTCo2e),
          render: (_, r) => {
            const b = r.fuelEu?.complianceBalanceTCo2e;
            if (b === null || b === undefined) {
              return r.fuelEu && r.fuelEu.status !== 'ok' ? t(`fleet.fuelEuStatus.${r.fuelEu.status}`) : '—';
            }
            return (
              <span style={{ color: b < 0 ? '#eb5757' : '#2fbf71' }}>
                {num(b, 1)} {t(b < 0 ? 'fleet.deficit' : 'fleet.surplus')}
              </span>
            );
          },
        },
        figure('fuelEuPenalty', 'penalty', (r) => r.fuelEu?.penaltyEur, 0),
        {
          title: t('fleet.columns.alarms'),
          dataIndex: 'activeAlarms',
          align: 'right',
          width: 90,
          sorter: byNumber((r) => r.activeAlarms),
          render: (n: number) => (n > 0 ? <Tag color="red">{n}</Tag> : '0'),
        },
      ]}
    />
  );
}

/** The table as CSV rows (raw values, the header in the console's language). */
export function fleetCsvRows(ships: readonly FleetShipRow[], t: (k: string) => string) {
  return [
    [
      t('fleet.columns.ship'),
      t('fleet.columns.imo'),
      t('fleet.columns.lastContact'),
      t('fleet.columns.attained'),
      t('fleet.columns.required'),
      t('fleet.columns.rating'),
      t('fleet.columns.projection'),
      t('fleet.columns.eua'),
      t('fleet.columns.fuelEuBalance'),
      t('fleet.columns.fuelEuPenalty'),
      t('fleet.columns.alarms'),
    ],
    ...ships.map((s) => [
      s.name ?? s.shipId,
      s.imoNumber,
      s.lastContactAt,
      s.cii?.attainedCii ?? null,
      s.cii?.requiredCii ?? null,
      s.cii?.rating ?? null,
      s.cii?.projectedCii ?? null,
      s.etsAllowances,
      s.fuelEu?.complianceBalanceTCo2e ?? null,
      s.fuelEu?.penaltyEur ?? null,
      s.activeAlarms,
    ]),
  ];
}
