/**
 * How every headless Chromium of the browser tests and the Lighthouse bench starts: no sandbox (it runs in
 * containers), no GPU, no QUIC, and none of Chromium's own background traffic, which would add requests to a test's
 * log and noise to a measurement.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
