/** Why an entry is refused as impossible (docs/regulations.md, "Plausibility at entry"), in messages.ts. */
export { plausibilityMessages } from './messages.ts';
