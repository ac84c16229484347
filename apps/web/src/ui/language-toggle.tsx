import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n';
import { otherLanguage } from '../i18n/language';
import { GlobeIcon } from './icons';

/** Toggles zh_CN ⇄ en_US and remembers the choice; shows the name of the language it switches to. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  return (
    <Button
      type="text"
      icon={<GlobeIcon />}
      aria-label={t('header.language')}
      title={t('header.language')}
      onClick={() => void changeLanguage(otherLanguage(i18n.language))}
    >
      {t('header.languageName')}
    </Button>
  );
}
