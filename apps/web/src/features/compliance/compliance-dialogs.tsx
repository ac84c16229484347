import { type ComplianceShip, type ComplianceWhatIf, whatIfFuels } from '@ecohelm/contracts';
import { App, Button, Checkbox, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordFlexibility } from './api/compliance';
import './compliance-strings';
import { FIRST_YEAR, complianceErrorText as fleetErrorText, shipName, thisYear } from './compliance-format';

/** The compliance page's dialogs: a ship's what-if fuel mix, and what a company recorded for it in earlier years. */

export function WhatIfDialog({
  ship,
  value,
  onClose,
  onApply,
}: {
  ship: ComplianceShip;
  value: ComplianceWhatIf | undefined;
  onClose: () => void;
  onApply: (w: ComplianceWhatIf | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const [fuelId, setFuelId] = useState<ComplianceWhatIf['fuelId']>(value?.fuelId ?? 'lng');
  const [share, setShare] = useState<number>(value?.sharePercent ?? 10);
  const [shore, setShore] = useState<number>(value?.shorePowerPercent ?? 0);
  return (
    <Modal
      open
      title={`${t('compliance.whatIf.title')} — ${shipName(ship, i18n.language)}`}
      onCancel={onClose}
      footer={[
        <Button key="clear" onClick={() => onApply(null)}>
          {t('compliance.whatIf.clear')}
        </Button>,
        <Button
          key="apply"
          type="primary"
          onClick={() =>
            onApply({ shipId: ship.shipId, fuelId, sharePercent: share, shorePowerPercent: shore })
          }
        >
          {t('compliance.whatIf.apply')}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('compliance.whatIf.help')}</Typography.Paragraph>
        <div>
          {t('compliance.whatIf.fuel')}
          <Select
            aria-label={t('compliance.whatIf.fuel')}
            value={fuelId}
            style={{ width: '100%' }}
            options={whatIfFuels.map((f) => ({ value: f, label: t(`compliance.fuels.${f}`) }))}
            onChange={setFuelId}
          />
        </div>
        <div>
          {t('compliance.whatIf.share')}
          <InputNumber
            aria-label={t('compliance.whatIf.share')}
            min={0}
            max={100}
            value={share}
            style={{ width: '100%' }}
            onChange={(v) => setShare(typeof v === 'number' ? v : 0)}
          />
        </div>
        <div>
          {t('compliance.whatIf.shore')}
          <InputNumber
            aria-label={t('compliance.whatIf.shore')}
            min={0}
            max={100}
            value={shore}
            style={{ width: '100%' }}
            onChange={(v) => setShore(typeof v === 'number' ? v : 0)}
          />
        </div>
      </Space>
    </Modal>
  );
}

export function HistoryDialog({
  ship,
  year,
  onClose,
}: {
  ship: ComplianceShip;
  year: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const record = useRecordFlexibility();
  const [entryYear, setEntryYear] = useState(Math.max(FIRST_YEAR, year - 1));
  const [banked, setBanked] = useState(0);
  const [borrowed, setBorrowed] = useState(0);
  const [penalised, setPenalised] = useState(false);
  const years = Array.from({ length: Math.max(1, thisYear() - FIRST_YEAR + 1) }, (_, i) => thisYear() - i);
  const save = () =>
    record.mutate(
      { shipId: ship.shipId, year: entryYear, bankedT: banked, borrowedT: borrowed, penalised },
      {
        onSuccess: () => {
          void message.success(t('compliance.history.saved'));
          onClose();
        },
        onError: (error) => void message.error(fleetErrorText(error, t)),
      },
    );
  return (
    <Modal
      open
      title={`${t('compliance.history.title')} — ${shipName(ship, i18n.language)}`}
      onCancel={onClose}
      onOk={save}
      okText={t('compliance.history.save')}
      confirmLoading={record.isPending}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('compliance.history.help')}</Typography.Paragraph>
        <div>
          {t('compliance.history.year')}
          <Select
            aria-label={t('compliance.history.year')}
            value={entryYear}
            style={{ width: '100%' }}
            options={years.map((y) => ({ value: y, label: String(y) }))}
            onChange={setEntryYear}
          />
        </div>
        <div>
          {t('compliance.history.banked')}
          <InputNumber
            aria-label={t('compliance.history.banked')}
            min={0}
            value={banked}
            style={{ width: '100%' }}
            onChange={(v) => setBanked(typeof v === 'number' ? v : 0)}
          />
        </div>
        <div>
          {t('compliance.history.borrowed')}
          <InputNumber
            aria-label={t('compliance.history.borrowed')}
            min={0}
            value={borrowed}
            style={{ width: '100%' }}
            onChange={(v) => setBorrowed(typeof v === 'number' ? v : 0)}
          />
        </div>
        <Checkbox checked={penalised} onChange={(e) => setPenalised(e.target.checked)}>
          {t('compliance.history.penalised')}
        </Checkbox>
      </Space>
    </Modal>
  );
}
