import { fuelTypeIds } from '@ecohelm/contracts';
import { Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberInput, numberRule } from '../../ui/number-input';

const columnsOf = {
  fuel: ['fuelType', 'robT', 'consumedT'],
  bunkers: ['fuelType', 'quantityT', 'sulphurPct', 'viscosityCst', 'isoGrade', 'bdnNumber'],
  barges: ['fuelType', 'quantityT'],
} as const;

/** Editable table of fuel amounts per fuel type (ROB/consumption, bunkered or barged-out quantities). */
export function FuelEntryTable({
  name,
  label,
  required,
  fuels,
  error,
}: {
  name: 'fuel' | 'bunkers' | 'barges';
  label: string;
  required: boolean;
  /** Fuel types the ship uses, offered first. */
  fuels: readonly string[];
  error?: string[] | undefined;
}) {
  const { t } = useTranslation();
  const columns = columnsOf[name];
  const options = (fuels.length ? fuels : fuelTypeIds).map((f) => ({
    value: f,
    label: t(`ship.fuels.${f}`),
  }));
  return (
    <Form.List name={name}>
      {(rows, { add, remove }) => (
        <div style={{ marginBottom: 12 }}>
          <div style={{ marginBottom: 6 }}>
            {required ? <span style={{ color: '#ff4d4f' }}>* </span> : null}
            {t(`filling.fields.${label}`)}
          </div>
          <table
            aria-label={t(`filling.fields.${label}`)}
            style={{ width: '100%', borderCollapse: 'collapse' }}
          >
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} style={{ textAlign: 'left', fontWeight: 400, padding: 4 }}>
                    {t(`filling.fuelTable.${c}`)}
                  </th>
                ))}
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  {columns.map((c) => (
                    <td key={c} style={{ padding: 4, verticalAlign: 'top' }}>
                      <Form.Item
                        name={[row.name, c]}
                        rules={
                          c === 'fuelType' || c === 'isoGrade' || c === 'bdnNumber'
                            ? []
                            : [numberRule(t, t(`filling.fuelTable.${c}`))]
                        }
                        style={{ margin: 0 }}
                      >
                        {c === 'fuelType' ? (
                          <Select
                            options={options}
                            aria-label={t('filling.fuelTable.fuelType')}
                            style={{ minWidth: 150 }}
                          />
                        ) : c === 'isoGrade' || c === 'bdnNumber' ? (
                          <Input maxLength={32} aria-label={t(`filling.fuelTable.${c}`)} />
                        ) : (
                          <NumberInput
                            min={0}
                            aria-label={t(`filling.fuelTable.${c}`)}
                            style={{ width: '100%' }}
                          />
                        )}
                      </Form.Item>
                    </td>
                  ))}
                  <td style={{ padding: 4, verticalAlign: 'top' }}>
                    <Button size="small" onClick={() => remove(row.name)}>
                      {t('filling.fuelTable.removeRow')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button size="small" onClick={() => add({ fuelType: options[rows.length]?.value })}>
            {t('filling.fuelTable.addRow')}
          </Button>
          {error?.length ? (
            <div role="alert" style={{ color: '#ff4d4f', marginTop: 4 }}>
              {error.join(' ')}
            </div>
          ) : null}
        </div>
      )}
    </Form.List>
  );
}
