// The viewer's words: every visible string goes through t(msgid, params), looked up in the
// catalog the page embeds (English msgids; a missing translation shows the msgid).

let catalog = {};
const node = document.getElementById('words');
if (node) {
  try { catalog = JSON.parse(node.textContent || '{}') || {}; } catch (_) { catalog = {}; }
}

export function t(msgid, params) {
  const found = catalog[msgid];
  const text = typeof found === 'string' && found ? found : msgid;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}
