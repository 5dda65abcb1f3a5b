// The service worker (/sw.js, chicago.web.shell) that lets Chicago open without a network:
// registered once the page has loaded, so it never competes with the page's own files.
export function registerWorker() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const start = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => { /* no shell: pages still work */ });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
