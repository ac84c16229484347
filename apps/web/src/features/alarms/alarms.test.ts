import { alarmLimitMessages } from '@ecohelm/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { channelLabel } from '../../lib/channel-label';
import { translateMessage } from '../../lib/contract-messages';
import { limitIssues } from './limit-validation';

const en = i18n.getFixedT('en_US');
const zh = i18n.getFixedT('zh_CN');
const valid = {
  lowlow: null,
  low: 150,
  high: 430,
  highhigh: 460,
  hysteresis: 7,
  delaySeconds: 5,
  enabled: true,
};

describe('message center texts', () => {
  it('names channels of numbered units with one key per quantity', () => {
    expect(channelLabel('propulsion.main.cylinders.3.exhaustTemperature', en)).toBe(
      'M/E exhaust gas temperature cyl. 3',
    );
    expect(channelLabel('electrical.generators.ge2.realPower', zh)).toBe('2号发电机电负荷');
    expect(channelLabel('steam.boilers.boiler1.steamPressure', en)).toBe('Boiler 1 steam pressure');
    expect(channelLabel('tanks.fuel.hfo.currentMass', zh)).toBe('HFO 存量');
  });

  it('translates the contract messages of limit validation', () => {
    expect(translateMessage(alarmLimitMessages.lowBelowHigh, zh)).toBe('低限必须小于高限');
    expect(translateMessage('something else', zh)).toBe('something else');
  });
});

describe('limit validation on the client', () => {
  it('accepts ordered limits inside the range', () => {
    expect(limitIssues({ range: [-20, 700] }, valid)).toEqual([]);
  });

  it('refuses crossed limits and limits outside the valid range with the server messages', () => {
    expect(limitIssues({ range: [-20, 700] }, { ...valid, low: 500 })).toContainEqual({
      path: 'low',
      message: alarmLimitMessages.lowBelowHigh,
    });
    expect(limitIssues({ range: [-20, 700] }, { ...valid, highhigh: 800 })).toEqual([
      { path: 'highhigh', message: alarmLimitMessages.outOfRange },
    ]);
    expect(limitIssues({ range: [-20, 700] }, { ...valid, lowlow: 200 })).toContainEqual({
      path: 'lowlow',
      message: alarmLimitMessages.lowlowBelowLow,
    });
  });
});
