// The service worker (/sw.js, chicago.web.shell) that lets Chicago open without a network:
// registered a while after the page has loaded, so its first fetches (the offline pages and
// their files) never compete with the page's own on a phone's first visit.
const WORKER_DELAY_MS = 2000;
export function registerWorker() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const start = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => { /* no shell: pages still work */ });
  };
  const later = () => window.setTimeout(start, WORKER_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
