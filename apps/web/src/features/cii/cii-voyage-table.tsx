import type { CiiVoyageRow } from '@ecohelm/contracts';
import { Table, Tag } from 'antd';
import { useFormat } from '../../lib/use-format';
import { RATING_COLORS } from '../../ui/rating-colors';

const right = { align: 'right' as const };

/** SPEC §3 "CII voyage row": ports and times, CO2, fuel, distance, time under way, cargo, CII and rating. */
export function CiiVoyageTable({ rows }: { rows: CiiVoyageRow[] }) {
  const { t, num, utc, port } = useFormat();
  const f = (k: string) => t(`cii.statistics.fields.${k}`);
  const named = (nameEn: string | null, nameZh: string | null) =>
    port(nameEn === null ? null : { nameEn, nameZh });
  return (
    <Table
      data-testid="cii-voyages"
      size="small"
      rowKey="voyageNumber"
      pagination={false}
      scroll={{ y: 'calc(100% - 40px)', x: 1300 }}
      dataSource={rows}
      columns={[
        { title: f('voyageNumber'), dataIndex: 'voyageNumber', width: 90, fixed: 'left' },
        {
          title: f('startPort'),
          dataIndex: 'startPort',
          render: (_, r) => named(r.startPort, r.startPortZh),
        },
        { title: f('startTime'), dataIndex: 'startTime', render: utc, width: 130 },
        {
          title: f('arrivalPort'),
          dataIndex: 'arrivalPort',
          render: (_, r) => named(r.arrivalPort, r.arrivalPortZh),
        },
        { title: f('arrivalTime'), dataIndex: 'arrivalTime', render: utc, width: 130 },
        { title: `${f('co2')} (t)`, dataIndex: 'co2T', ...right, render: (v: number) => num(v, 1) },
        { title: `${f('fuel')} (t)`, dataIndex: 'fuelT', ...right, render: (v: number) => num(v, 1) },
        {
          title: `${f('distance')} (nm)`,
          dataIndex: 'distanceNm',
          ...right,
          render: (v: number) => num(v, 0),
        },
        {
          title: `${f('hours')} (h)`,
          dataIndex: 'hoursUnderway',
          ...right,
          render: (v: number) => num(v, 1),
        },
        { title: `${f('cargo')} (t)`, dataIndex: 'cargoT', ...right, render: (v: number) => num(v, 0) },
        { title: f('attained'), dataIndex: 'attainedCii', ...right, render: (v: number | null) => num(v) },
        { title: f('required'), dataIndex: 'requiredCii', ...right, render: (v: number) => num(v) },
        {
          title: f('rating'),
          dataIndex: 'rating',
          width: 70,
          // Kept in view on a narrow screen (1,300 px of columns in a smaller box hid it behind the scroll).
          fixed: 'right' as const,
          render: (r: CiiVoyageRow['rating']) => (r ? <Tag color={RATING_COLORS[r]}>{r}</Tag> : '—'),
        },
      ]}
    />
  );
}
