/** The Google Analytics id the analytics server runs with (global-server.ts); the tests answer its script. */
export const ANALYTICS_TEST_GA4_ID = 'G-E2ETEST01';
