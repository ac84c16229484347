import type { Alarm } from '@ecohelm/contracts';
import { useEffect, useRef } from 'react';

/** Alarms sound every 2 s, warnings every 10 s (two short tones), while active and unacknowledged. */
const ALARM_EVERY_MS = 2000;
const WARNING_EVERY_MS = 10_000;

function beep(context: AudioContext, count: number) {
  for (let i = 0; i < count; i++) {
    const start = context.currentTime + i * 0.25;
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, start);
    gain.gain.setValueAtTime(0, start + 0.15);
    osc.connect(gain).connect(context.destination);
    osc.start(start);
    osc.stop(start + 0.16);
  }
}

/**
 * The audible signal of IEC 62923-1: sounds while an alarm or warning is active and unacknowledged,
 * stops when it is silenced (and sounds again when the silence runs out) or acknowledged. Browsers allow
 * sound only after the user has interacted with the page; until then it stays quiet.
 */
export function useAlarmSound(items: readonly Alarm[] | undefined) {
  const context = useRef<AudioContext | null>(null);
  const sounding = (items ?? []).filter((a) => a.state === 'active_unacknowledged');
  const level = sounding.some((a) => a.priority === 'alarm')
    ? 'alarm'
    : sounding.some((a) => a.priority === 'warning')
      ? 'warning'
      : null;

  useEffect(() => {
    if (!level || typeof window === 'undefined' || typeof window.AudioContext === 'undefined') return;
    const play = () => {
      if (!navigator.userActivation?.hasBeenActive) return;
      context.current ??= new AudioContext();
      if (context.current.state === 'suspended') void context.current.resume();
      beep(context.current, level === 'alarm' ? 3 : 2);
    };
    play();
    const timer = window.setInterval(play, level === 'alarm' ? ALARM_EVERY_MS : WARNING_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [level]);
}
