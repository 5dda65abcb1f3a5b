// The toolbar's settings and dialogs: speed, recap, four-colour deck, sounds, export, the side
// panel.
import { t } from '../i18n.js';
import { drawSideNow } from './later.js';
import { openRecap, scrollLog } from './log.js';
import { skip } from './pacing.js';
import { SPEEDS, pref, setPref } from './prefs.js';
import { $, base, dom, gameId } from './state.js';
import { SOUNDS_PREF, setupSounds } from './sounds.js';

function keep(select, key, fallback, valid) {
  const stored = pref(key, fallback);
  select.value = valid(stored) ? stored : fallback;
  select.addEventListener('change', () => setPref(key, select.value));
}

/** The side panel (scores, chart, this deal, log) is a drawer on narrow screens. */
function setupDrawer() {
  const side = $('side');
  const toggle = $('side-btn');
  const close = $('side-close');
  let closing = null;
  const open = (yes, focus = true) => {
    // Shut, its contents are not drawn (table.css): they stay while it slides away.
    window.clearTimeout(closing);
    side.classList.toggle('closing', !yes && side.classList.contains('open'));
    if (!yes) closing = window.setTimeout(() => side.classList.remove('closing'), 250);
    side.classList.toggle('open', yes);
    if (yes) drawSideNow();
    toggle.setAttribute('aria-expanded', yes ? 'true' : 'false');
    if (yes) scrollLog();
    if (!focus) return;
    if (yes) close.focus(); else toggle.focus();
  };
  // A tap beside the open drawer (on the table) shuts it.
  document.addEventListener('pointerdown', (event) => {
    if (side.classList.contains('open') && !side.contains(event.target) && !toggle.contains(event.target)) open(false, false);
  });
  toggle.addEventListener('click', () => open(!side.classList.contains('open')));
  close.addEventListener('click', () => open(false));
  side.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && side.classList.contains('open')) { event.stopPropagation(); event.preventDefault(); open(false); }
  });
}

export function setupSettings() {
  keep($('speed'), 'chicago.speed', 'normal', (v) => v in SPEEDS);
  keep($('recap-auto'), 'chicago.recapAuto', '0', (v) => ['0', '4', '8'].includes(v));
  const four = $('four-colour');
  four.checked = pref('chicago.fourColour', '0') === '1';
  document.body.classList.toggle('four-colour', four.checked);
  four.addEventListener('change', () => {
    setPref('chicago.fourColour', four.checked ? '1' : '0');
    document.body.classList.toggle('four-colour', four.checked);
  });
  setupSounds($('sounds'), pref(SOUNDS_PREF, '0'), (value) => setPref(SOUNDS_PREF, value));
  dom.skip.addEventListener('click', skip);
  const exportUrl = `${base}/export`;
  // A spectator gets no backup (it holds every hand once the game is over): the page has
  // its buttons hidden (the table's `export` feature, chicago.web.table_page).
  const exportDialog = $('export');
  $('export-download').href = exportUrl;
  $('export-download').setAttribute('download', `chicago-${gameId}.json`);
  const openExport = () => { exportDialog.showModal(); $('export-cancel').focus(); };
  $('export-btn').addEventListener('click', openExport);
  $('result-export').addEventListener('click', openExport);
  $('export-cancel').addEventListener('click', () => exportDialog.close());
  $('export-download').addEventListener('click', () => window.setTimeout(() => exportDialog.close(), 0));
  $('recap-close').addEventListener('click', () => $('recap').close());
  $('recap-btn').addEventListener('click', () => openRecap(false));
  $('result-close').addEventListener('click', () => { $('result').hidden = true; });
  $('side-btn').title = t('Scores, chart and log');
  setupDrawer();
}
