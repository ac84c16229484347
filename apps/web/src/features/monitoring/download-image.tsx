import { App, Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveUrl } from '../../lib/download';
import type { ChartProps } from '../../ui/chart';

type ChartInstance = Parameters<NonNullable<ChartProps['onReady']>>[0];

/** The panel background behind the (transparent) chart, so the PNG reads like the screen. */
const IMAGE_BACKGROUND = '#0f1d3a';

/** "Download image": asks for confirmation, then saves the chart as a PNG. */
export function DownloadImage({
  chart,
  fileName,
  unitLabel,
}: {
  chart: () => ChartInstance | undefined;
  fileName: string;
  unitLabel: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const download = () => {
    setOpen(false);
    const instance = chart();
    if (!instance || instance.isDisposed()) {
      void message.warning(t('monitoring.download.notReady'));
      return;
    }
    saveUrl(instance.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: IMAGE_BACKGROUND }), fileName);
    void message.success(t('monitoring.download.done'));
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('common.downloadImage')}</Button>
      <Modal
        open={open}
        title={t('monitoring.download.title')}
        okText={t('monitoring.download.ok')}
        cancelText={t('monitoring.download.cancel')}
        onOk={download}
        onCancel={() => setOpen(false)}
      >
        <p>
          {t('monitoring.download.confirm', {
            unit: unitLabel,
            chart: t('monitoring.panels.fuelEfficiencyCurve'),
          })}
        </p>
      </Modal>
    </>
  );
}
