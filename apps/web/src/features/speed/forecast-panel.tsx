import type { SpeedResponse } from '@ecohelm/contracts';
import { App, Tag } from 'antd';
import { useFormat } from '../../lib/use-format';
import { FileButton } from '../../ui/file-button';
import { useForecastFiles, useImportGrib } from './api/speed-api';
import { latLon, useErrorText } from './speed-format';
import { grid, WeatherRows } from './speed-parts';

type Data = SpeedResponse;

/** Uploads a GRIB2 forecast file (the watched folder takes them too). */
export function GribImport({ canWrite }: { canWrite: boolean }) {
  const { t } = useFormat();
  const { message } = App.useApp();
  const importGrib = useImportGrib();
  const errorText = useErrorText();
  return (
    <FileButton
      accept=".grb2,.grib2,.grb"
      size="small"
      disabled={!canWrite}
      loading={importGrib.isPending}
      onFile={(file) =>
        importGrib.mutate(file, {
          onSuccess: (r) =>
            void message.success(t('speed.grib.imported', { file: r.fileName, fields: r.fieldCount })),
          onError: (error) => void message.error(errorText(error)),
        })
      }
    >
      {t('speed.grib.import')}
    </FileButton>
  );
}

export function Forecast({ data }: { data: Data }) {
  const { t, utc } = useFormat();
  const files = useForecastFiles();
  const newest = files.data?.items[0];
  return (
    <div>
      <div style={grid(4)} data-testid="speed-forecast">
        {data.forecast.map((f) => (
          <div
            key={f.hours}
            style={{ border: '1px solid rgba(120,150,220,0.25)', borderRadius: 4, padding: 8 }}
          >
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 4 }}>
              <strong>{t(`speed.horizon.${f.hours}`)}</strong>
              <Tag
                style={{ marginInlineEnd: 0 }}
                color={f.source === 'grib' ? 'blue' : f.source === 'simulated' ? 'purple' : 'default'}
              >
                {t(`speed.forecastSource.${f.source}`)}
              </Tag>
            </div>
            <div style={{ fontSize: 11, opacity: 0.6, margin: '2px 0 4px' }}>
              {utc(f.time)} · {latLon(f.lat, f.lon)}
            </div>
            {f.weather ? (
              <WeatherRows w={f.weather} />
            ) : (
              <div style={{ opacity: 0.6 }}>{t('speed.weather.none')}</div>
            )}
          </div>
        ))}
      </div>
      <div style={{ fontSize: 12, opacity: 0.6, marginTop: 6 }} data-testid="grib-files">
        {newest
          ? t('speed.grib.files', {
              file: newest.fileName,
              from: utc(newest.validFrom),
              to: utc(newest.validTo),
              count: files.data?.items.length ?? 0,
            })
          : t('speed.grib.none')}
      </div>
    </div>
  );
}
