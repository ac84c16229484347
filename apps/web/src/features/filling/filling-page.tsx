import { App, Button, Dropdown } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useShip } from '../../lib/api/get-ship';
import { draftKeys, localDraft } from '../../lib/local-draft';
import { useCanWrite } from '../../lib/use-can-write';
import { fillingModals, kindsOf } from './filling-form-model';
import { FillingList } from './filling-list';
import { FillingModal, type OpenFilling } from './filling-modal';

/** Information filling: the EU MRV and IMO DCS lists and the add flow with its six modals. */
export function FillingPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const canWrite = useCanWrite('records:write');
  const ship = useShip();
  const [open, setOpen] = useState<OpenFilling | undefined>();

  // A form left open (reload, crash) comes back with its entries.
  useEffect(() => {
    const draft = localDraft.read<OpenFilling>(draftKeys.filling);
    if (draft?.modal && draft.kind) {
      setOpen(draft);
      void message.info(t('filling.draftRestored'));
    }
  }, [message, t]);

  const add = (id: (typeof fillingModals)[number]) => {
    if (!ship.data?.complete) {
      modal.confirm({
        title: t('filling.messages.fillShipFirst'),
        okText: t('filling.actions.ok'),
        cancelText: t('filling.actions.cancel'),
        onOk: () => navigate('/carbon-manage/basic'),
      });
      return;
    }
    const kind = kindsOf(id)[0] ?? 'departure';
    setOpen({ modal: id, kind, data: {} });
  };

  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 12,
        padding: 12,
        height: '100%',
        overflow: 'auto',
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <h2 style={{ margin: 0, fontSize: 18 }}>{t('filling.page.title')}</h2>
        <Dropdown
          disabled={!canWrite}
          menu={{
            items: fillingModals.map((m) => ({ key: m, label: t(`filling.modals.${m}`) })),
            onClick: ({ key }) => add(key as (typeof fillingModals)[number]),
          }}
        >
          <Button type="primary">{t('filling.actions.add')}</Button>
        </Dropdown>
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 12 }}>
        <FillingList regime="eu_mrv" canWrite={canWrite} onEdit={setOpen} />
        <FillingList regime="imo_dcs" canWrite={canWrite} onEdit={setOpen} />
      </div>
      <FillingModal open={open} onClose={() => setOpen(undefined)} />
    </div>
  );
}
