import { InputNumber, type InputNumberProps } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useRef } from 'react';

/** A plain decimal number as a crew types it: digits, a sign, one point or comma; no exponent, no letters. */
const PLAIN_NUMBER = /^[+-]?(\d[\d\s]*([.,]\d*)?|[.,]\d+)$/;

/** True for text a number field takes as a number. */
export function isPlainNumber(text: string): boolean {
  return PLAIN_NUMBER.test(text.trim());
}

type Props = Omit<InputNumberProps<number>, 'onChange'> & { onChange?: (value: number | null) => void };

/**
 * antd's InputNumber for forms, refusing instead of swallowing: text that is not a plain number ("abc", "1e5")
 * sets the value to NaN, so {@link numberRule} says so at the field and the form cannot be saved with the old
 * value still in it or with 100,000 read out of "1e5".
 */
export function NumberInput({ onChange, ...props }: Props) {
  // The refused text stays in the field as typed (antd would show "NaN" or fall back to the old number).
  const refused = useRef<string | null>(null);
  return (
    <InputNumber<number>
      {...props}
      formatter={(value, info) => {
        // The type says number; at run time it is the number's text ('NaN' for the refused value).
        const text = value === undefined ? '' : String(value);
        if (refused.current !== null && (text === 'NaN' || text === '')) return refused.current;
        return info.userTyping ? info.input : text;
      }}
      onChange={(v) => {
        refused.current = null;
        onChange?.(v ?? null);
      }}
      onInput={(text) => {
        if (text.trim() !== '' && !isPlainNumber(text)) {
          refused.current = text;
          onChange?.(Number.NaN);
        } else refused.current = null;
      }}
    />
  );
}

/** The form rule of a {@link NumberInput}: a sentence naming the field when its text is not a number. */
export function numberRule(t: TFunction, field: string): Rule {
  return {
    validator: (_, value: unknown) =>
      typeof value === 'number' && Number.isNaN(value)
        ? Promise.reject(new Error(t('common.number.notANumber', { field })))
        : Promise.resolve(),
  };
}
