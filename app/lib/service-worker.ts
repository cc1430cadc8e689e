/** Registers /sw.js once the page has loaded, so it never competes with the first paint. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  // Each page asks the worker to store the release's code for offline use, naming itself and the files it loaded
  // (which went past the worker if it did not control the page yet).
  const register = () =>
    void navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const files = performance.getEntriesByType('resource').map((entry) => entry.name);
        registration.active?.postMessage({ type: 'store-code', page: location.href, files });
      })
      .catch(() => {});
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
