// The flags headless Chromium runs with, for the browser tests (playwright.config.ts) and the draw bench
// (bench/overview-draw.bench.ts).
//
// Debian's Chromium is the whole browser: headless, it still builds its own interface, and on a context's first
// navigation it loads the address bar's suggestion popups (`chrome://omnibox-popup.top-chrome/`, two WebUI pages) in
// a renderer of their own, ~0.9 s of one core each time (measured with CDP's SystemInfo.getProcessInfo, docs/decisions.md
// "First route's draw, third pass"). Every test and every bench run opens a new context, so that work ran beside each
// page being tested or measured; a browser on a ship PC has its interface up once, not per page. Playwright's own
// headless shell has no such interface; these flags turn the popups off in the full browser.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
