import { useTranslation } from 'react-i18next';
import styles from './chart.module.css';

/** A chart's "Download image" button, named for its chart: it shows on hover or keyboard focus (chart.module.css). */
export function PngButton({ chart, onClick }: { chart: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={styles.png}
      aria-label={t('common.downloadPng', { chart })}
      onClick={onClick}
    >
      PNG
    </button>
  );
}
