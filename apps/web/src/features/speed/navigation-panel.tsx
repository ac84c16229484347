import type { SpeedResponse } from '@ecohelm/contracts';
import { CHANNEL } from '@ecohelm/domain';
import { Tag } from 'antd';
import { useFormat } from '../../lib/use-format';
import { useLiveChannels } from '../../ui/use-live-channels';
import { latLon } from './speed-format';
import { Field, grid } from './speed-parts';

type Data = SpeedResponse;

/** The navigation channels, live at 1 Hz (the page's 10 s answer fills in until the stream delivers). */
const NAV = {
  sog: CHANNEL.sog,
  stw: CHANNEL.stw,
  wind: CHANNEL.windSpeedTrue,
  windFrom: CHANNEL.windDirTrue,
  rpm: CHANNEL.meRev,
  draftFore: CHANNEL.draftFore,
  draftAft: CHANNEL.draftAft,
  draftPort: CHANNEL.draftPort,
  draftStarboard: CHANNEL.draftStbd,
  course: CHANNEL.cog,
  heel: CHANNEL.heel,
  trim: CHANNEL.trim,
  rot: CHANNEL.rot,
} as const;
const NAV_CHANNELS = Object.values(NAV);

export function Navigation({ data }: { data: Data }) {
  const { t, num, utc } = useFormat();
  const live = useLiveChannels(NAV_CHANNELS);
  const n = data.navigation;
  const value = (key: keyof typeof NAV, fallback: number | null) => {
    // The stream sends display units already: kn, degrees, degrees a minute, rpm, m.
    return live.values[NAV[key]]?.value ?? fallback;
  };
  const angle = (x: number | null) => (x == null ? null : ((x % 360) + 360) % 360);
  const unit = (v: string, u: string) => (v === '—' ? v : `${v} ${u}`);
  const wind = value('wind', n.windKn);
  const stale = Object.keys(live.values).length > 0 ? live.stale : n.stale;
  return (
    <div>
      {stale ? <Tag color="red">{t('speed.nav.stale')}</Tag> : null}
      <div style={grid(4)} data-testid="speed-navigation">
        <Field
          label={t('speed.nav.sog')}
          value={unit(num(value('sog', n.sogKn), 1), 'kn')}
          testId="nav-sog"
        />
        <Field
          label={t('speed.nav.stw')}
          value={unit(num(value('stw', n.stwKn), 1), 'kn')}
          testId="nav-stw"
        />
        <Field
          label={t('speed.nav.wind')}
          value={
            wind == null ? '—' : `${num(wind, 1)} kn / ${num(angle(value('windFrom', n.windFromDeg)), 0)}°`
          }
        />
        <Field label={t('speed.nav.rpm')} value={unit(num(value('rpm', n.rpm), 1), 'rpm')} />
        <Field label={t('speed.nav.draftFore')} value={unit(num(value('draftFore', n.draftForeM)), 'm')} />
        <Field label={t('speed.nav.draftAft')} value={unit(num(value('draftAft', n.draftAftM)), 'm')} />
        <Field label={t('speed.nav.draftPort')} value={unit(num(value('draftPort', n.draftPortM)), 'm')} />
        <Field
          label={t('speed.nav.draftStarboard')}
          value={unit(num(value('draftStarboard', n.draftStarboardM)), 'm')}
        />
        <Field label={t('speed.nav.course')} value={unit(num(angle(value('course', n.courseDeg)), 1), '°')} />
        <Field label={t('speed.nav.heel')} value={unit(num(value('heel', n.heelDeg), 1), '°')} />
        <Field label={t('speed.nav.trim')} value={unit(num(value('trim', n.trimM)), 'm')} />
        <Field label={t('speed.nav.rot')} value={unit(num(value('rot', n.rateOfTurnDegMin), 1), '°/min')} />
      </div>
      <div style={{ fontSize: 12, opacity: 0.6, marginTop: 8 }}>
        {n.lat != null && n.lon != null ? `${t('speed.nav.position')} ${latLon(n.lat, n.lon)} · ` : ''}
        {n.at ? t('speed.nav.updated', { time: utc(n.at).slice(11) }) : ''}
      </div>
    </div>
  );
}
