import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Asks the crew to fill in the ship's particulars first (a record needs them), and takes them there on OK. */
export function useFillShipFirst(): () => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  return () =>
    void modal.confirm({
      title: t('filling.messages.fillShipFirst'),
      okText: t('filling.actions.ok'),
      cancelText: t('filling.actions.cancel'),
      onOk: () => navigate('/carbon-manage/basic'),
    });
}
