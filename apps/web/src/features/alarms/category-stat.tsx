import { useTranslation } from 'react-i18next';
import styles from './alarms.module.css';

export interface CategoryStatProps {
  active: number;
  unacknowledged: number;
  unread: number;
  pressed: boolean;
  label: string;
  onClick: () => void;
}

/** One event type's figures (active, unacknowledged, unread); a click filters the list by it. */
export function CategoryStat(props: CategoryStatProps) {
  const { t } = useTranslation();
  const figure = (value: number, label: string, alert = false) => (
    <span className={styles.figure}>
      <span className={alert && value > 0 ? styles.figureValueAlert : styles.figureValue}>{value}</span>
      <span className={styles.figureLabel}>{label}</span>
    </span>
  );
  return (
    <button
      type="button"
      className={styles.stat}
      aria-pressed={props.pressed}
      aria-label={props.label}
      onClick={props.onClick}
    >
      {figure(props.active, t('alarms.counts.active'))}
      {figure(props.unacknowledged, t('alarms.counts.unacknowledged'), true)}
      {figure(props.unread, t('alarms.counts.unread'))}
    </button>
  );
}
