import type { SpeedResponse } from '@ecohelm/contracts';
import { PlanModal } from './plan-modal';
import { AdjustModal, ConditionModal, IndicatorModal, SlipModal } from './speed-modals';
import './speed-strings';

/** Which of the speed page's dialogs is open. */
export type SpeedDialog = 'condition' | 'adjust' | 'indicator' | 'slip' | 'plan' | null;

/**
 * The speed page's dialogs: ship and loading status, adjust, indicator, slip rate and the voyage plan. They load with
 * the page's first opened dialog (their forms, date pickers and contracts are not part of the page's first draw).
 */
export function SpeedDialogs({
  open,
  data,
  onClose,
}: {
  open: SpeedDialog;
  data: SpeedResponse;
  onClose: () => void;
}) {
  return (
    <>
      <ConditionModal open={open === 'condition'} data={data} onClose={onClose} />
      <AdjustModal open={open === 'adjust'} data={data} onClose={onClose} />
      <IndicatorModal open={open === 'indicator'} data={data} onClose={onClose} />
      <SlipModal open={open === 'slip'} onClose={onClose} />
      <PlanModal open={open === 'plan'} plan={data.plan} onClose={onClose} />
    </>
  );
}
