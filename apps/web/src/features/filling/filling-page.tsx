import { App, Button, Dropdown } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addAreaStrings } from '../../i18n';
import fillingEn from '../../i18n/locales/en_US/filling.json';
import shipEn from '../../i18n/locales/en_US/ship.json';
import fillingZh from '../../i18n/locales/zh_CN/filling.json';
import shipZh from '../../i18n/locales/zh_CN/ship.json';
import { useShip } from '../../lib/api/get-ship';
import { draftKeys, localDraft } from '../../lib/local-draft';
import { useCanWrite } from '../../lib/use-can-write';
import { PageColumn } from '../../ui/page-column';
import { fillingModals, kindsOf } from './filling-form-model';
import { FillingList } from './filling-list';
import { FillingModal, type OpenFilling } from './filling-modal';
import { useFillShipFirst } from './use-fill-ship-first';

// The page's strings, added when its code loads: they are not in the first route's language chunk (i18n/shell-areas.ts).
addAreaStrings('filling', { en_US: fillingEn, zh_CN: fillingZh });
addAreaStrings('ship', { en_US: shipEn, zh_CN: shipZh });

/** Information filling: the EU MRV and IMO DCS lists and the add flow with its six modals. */
export function FillingPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const fillShipFirst = useFillShipFirst();
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
      fillShipFirst();
      return;
    }
    const kind = kindsOf(id)[0] ?? 'departure';
    setOpen({ modal: id, kind, data: {} });
  };

  return (
    <PageColumn>
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
    </PageColumn>
  );
}
