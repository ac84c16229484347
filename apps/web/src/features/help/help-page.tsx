import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { addAreaStrings } from '../../i18n';
import helpEn from '../../i18n/locales/en_US/help.json';
import helpZh from '../../i18n/locales/zh_CN/help.json';
import { Panel } from '../../ui/panel';

/** Each screen of the console: its address, its name in the menu and what it shows. */
const SCREENS = [
  ['/overview', 'route.overview', 'overview'],
  ['/eff-monitory/me', 'route.stateAnalysis', 'monitoring'],
  ['/eff-analysis/params', 'route.params', 'params'],
  ['/eff-analysis/device', 'route.device', 'device'],
  ['/eff-analysis/report', 'route.energyReport', 'energyReport'],
  ['/eff-analysis/distributed', 'route.distributed', 'distributed'],
  ['/eff-analysis/eca', 'route.eca', 'eca'],
  ['/eff-optimize/speed', 'route.speed', 'speed'],
  ['/eff-optimize/fouling', 'route.contamination', 'fouling'],
  ['/eff-optimize/triming', 'route.trimOptimization', 'trim'],
  ['/eff-optimize/load', 'route.loadOptimization', 'load'],
  ['/carbon-manage/basic', 'route.basicInfo', 'basic'],
  ['/carbon-manage/filling', 'route.infoFilling', 'filling'],
  ['/carbon-manage/cii-statistics', 'route.ciiStatistics', 'ciiStatistics'],
  ['/carbon-manage/cii-simulator', 'route.ciiSimulator', 'ciiSimulator'],
  ['/carbon-manage/report', 'route.exportReport', 'report'],
  ['/notification', 'route.notification', 'notification'],
] as const;

// The help's strings come with the help page, not in the language chunk every page loads first (they are the
// longest texts of the console and only this page reads them).
addAreaStrings('help', { en_US: helpEn, zh_CN: helpZh });

/** The parts of the help after the screens, each a title and its paragraphs. */
const TOPICS = [
  ['numbers', 4],
  ['connect', 4],
  ['offline', 3],
] as const;

/** /help (the header's home link): what each screen shows, where the numbers come from, connecting a ship, offline use. */
export function HelpPage() {
  const { t } = useTranslation();
  return (
    <article style={{ padding: '8px 16px', maxWidth: 1100, margin: '0 auto' }} data-testid="help-page">
      <h2>{t('help.title')}</h2>
      <p>{t('help.intro')}</p>
      <Panel title={t('help.screens.title')}>
        <dl style={{ margin: 0 }}>
          {SCREENS.map(([path, label, key]) => (
            <div key={key} style={{ marginBottom: 8 }}>
              <dt style={{ fontWeight: 600 }}>
                <Link to={path}>{t(label)}</Link>
              </dt>
              <dd style={{ margin: '2px 0 0 16px' }}>{t(`help.screens.${key}`)}</dd>
            </div>
          ))}
        </dl>
      </Panel>
      {TOPICS.map(([key, paragraphs]) => (
        <section key={key} style={{ marginTop: 16 }}>
          <Panel title={t(`help.${key}.title`)}>
            {Array.from({ length: paragraphs }, (_, i) => (
              <p key={i}>{t(`help.${key}.p${i + 1}`)}</p>
            ))}
          </Panel>
        </section>
      ))}
    </article>
  );
}
