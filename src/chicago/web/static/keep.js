// The scorekeeper page: start a pad, answer its questions, undo, correct, share, export.
// Every visible word comes from the server (already in the page's language) or through t().

import { api, ApiError, el, errorText } from './api.js';
import { choices } from './keep-ask.js';

const app = document.getElementById('keep-app');
const mode = app.dataset.mode;
const key = app.dataset.key;
const lang = app.dataset.lang;
const $ = (id) => document.getElementById(id);

let catalog = {};
export function t(msgid, params = {}) {
  const found = catalog[msgid];
  const text = typeof found === 'string' ? found : Array.isArray(found) ? found[0] : msgid;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

let pad = null;
let correcting = null;  // the line being corrected, or null
let form = {};          // the answer being put together
let busy = false;

/** A refusal (the site's error style, read out at once: role=alert), or with `info` a
 * word about what the pad did. */
function notice(id, text, action, info = false) {
  const box = $(id);
  box.className = info ? 'keep-info' : 'form-error';
  box.replaceChildren(text || '');
  if (action) box.append(' ', action);
  box.hidden = !text;
}

function saveStatus(text) { $('k-save').textContent = text; }

// --- the pad ---------------------------------------------------------------------------

function renderScores() {
  const body = $('k-scores').tBodies[0];
  body.replaceChildren(...pad.players.map((p) => {
    const marks = [];
    if (p.dealer) marks.push(el('span', { class: 'keep-mark', title: t('Dealer') }, t('deals')));
    const notes = [p.standing, p.restriction].filter(Boolean).join(' · ');
    const row = el('tr', { 'data-seat': String(p.seat) },
      el('th', { scope: 'row' }, el('span', { class: 'keep-name' }, p.name), ...marks,
        notes ? el('small', { class: 'keep-note' }, notes) : ''),
      el('td', { class: 'keep-score' }, String(p.score)));
    row.classList.toggle('out', p.out);
    row.classList.toggle('winner', p.winner);
    row.classList.toggle('qualified', p.qualified);
    row.classList.toggle('close', p.close);
    return row;
  }));
}

function renderAsk() {
  const ask = correcting ? correcting.ask : pad.ask;
  const banner = $('k-correcting');
  banner.hidden = !correcting;
  if (correcting) {
    banner.replaceChildren(t('Correcting entry {number}: {text}', { number: correcting.index + 1, text: correcting.text }), ' ');
    const cancel = el('button', { class: 'btn small', type: 'button', 'data-cancel-correction': '' }, t('Cancel'));
    cancel.addEventListener('click', cancelCorrection);
    banner.append(cancel);
  }
  $('k-question').textContent = pad.winner && !correcting ? pad.winner : ask.text;
  if (pad.read_only) {
    $('k-choices').replaceChildren();
    return;
  }
  $('k-choices').replaceChildren(...choices(ask, pad, t, submit, form, () => { renderAsk(); focusChoices(); }));
}

function cancelCorrection() {
  if (!correcting && !Object.keys(form).length) return;
  correcting = null; form = {};
  notice('k-notice', '');
  render();
  focusChoices();
}

function focusChoices() {
  const first = $('k-choices').querySelector('button');
  if (first) first.focus();
}

function renderNow() {
  $('k-now').replaceChildren(...pad.now.slice(-6).map((line) => el('li', {}, line)));
}

function render() {
  const dealer = pad.players[pad.dealer];
  $('k-deal').textContent = pad.status === 'finished'
    ? t('Game over after deal {deal}', { deal: pad.deal })
    : t('Deal {deal} · {name} deals · to {target}', { deal: pad.deal, name: dealer.name, target: pad.target });
  renderScores();
  renderAsk();
  renderNow();
  $('k-bar').hidden = pad.read_only;
  $('k-undo').disabled = !pad.lines.length;
  app.dataset.version = String(pad.version);
  if (pad.id) $('k-export').href = `/api/keep/${pad.id}/export`;
}

function entriesDialog() {
  const items = [];
  let deal = 0;
  for (const line of pad.lines) {
    if (line.deal !== deal) {
      deal = line.deal;
      items.push(el('li', { class: 'keep-entries-deal', role: 'presentation' }, t('Deal {deal}', { deal })));
    }
    const item = el('li', { class: 'keep-entry' },
      el('span', { class: 'keep-entry-text' }, `${line.index + 1}. ${line.text}`));
    if (line.notes.length) item.append(el('small', { class: 'keep-note' }, line.notes.join(' ')));
    if (!pad.read_only) {
      const fix = el('button', { class: 'btn small', type: 'button', 'data-correct': String(line.index) }, t('Correct'));
      fix.addEventListener('click', () => {
        correcting = line; form = {};
        $('k-entries').close();
        render();
        focusChoices();
      });
      item.append(fix);
    }
    items.push(item);
  }
  $('k-entry-list').replaceChildren(...items);
  $('k-entries').showModal();
  const last = $('k-entry-list').lastElementChild;
  if (last) last.scrollIntoView({ block: 'end' });
}

function sheetDialog() {
  const head = el('tr', {}, el('th', {}, t('Deal')), ...pad.players.map((p) => el('th', {}, p.name)));
  const rows = pad.sheet.map((row) => el('tr', {}, el('th', {}, String(row.deal)),
    ...row.scores.map((s) => el('td', {}, String(s)))));
  $('k-sheet-table').replaceChildren(el('thead', {}, head), el('tbody', {}, ...rows));
  $('k-sheet').showModal();
}

function shareUrl(token) { return token ? `${location.origin}/keep/shared/${token}` : ''; }

async function shareDialog() {
  $('k-share-url').value = pad.shared ? t('A link is active; make a new one to see it again.') : '';
  $('k-share').showModal();
}

function setBusy(on) {
  busy = on;
  app.setAttribute('aria-busy', String(on));
  for (const b of document.querySelectorAll('#k-choices button, #k-bar .btn')) b.disabled = on;
}

async function call(method, path, body) {
  setBusy(true);
  saveStatus(t('Saving…'));
  try {
    const data = await api(method, `${path}?lang=${lang}`, body);
    saveStatus(t('Saved'));
    return data;
  } catch (error) {
    saveStatus(t('Not saved'));
    throw error;
  } finally {
    setBusy(false);
    if (pad) $('k-undo').disabled = !pad.lines.length;
  }
}

async function submit(entry, drop = false) {
  if (busy) return;
  notice('k-notice', '');
  try {
    if (correcting) {
      pad = await call('POST', `/api/keep/${pad.id}/correct`,
        { version: pad.version, index: correcting.index, entry, drop });
      correcting = null;
      if (pad.dropped.length) notice('k-notice', t('Later entries dropped ({n}): {reason}', { n: pad.dropped.length, reason: pad.dropped_reason }), null, true);
    } else {
      pad = await call('POST', `/api/keep/${pad.id}/entries`, { version: pad.version, entry });
    }
    form = {};
    render();
    focusChoices();
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.body && error.body.drop) {
      // Name what would go; Cancel (first, focused) leaves the correction, nothing changed.
      const going = el('ul', { class: 'keep-dropping' }, ...(error.body.dropping || []).map((text) => el('li', {}, text)));
      const cancel = el('button', { class: 'btn small', type: 'button', 'data-cancel-drop': '' }, t('Cancel the correction'));
      cancel.addEventListener('click', cancelCorrection);
      const confirm = el('button', { class: 'btn small danger', type: 'button', 'data-confirm-drop': '' }, t('Drop them'));
      confirm.addEventListener('click', () => submit(entry, true));
      // in place of the answers, so that the decision is in view (not under the bar)
      $('k-choices').replaceChildren(el('div', { class: 'keep-drop', role: 'alert' },
        el('p', {}, errorText(error)), going, el('div', { class: 'keep-row' }, cancel, confirm)));
      cancel.focus();
      cancel.scrollIntoView({ block: 'nearest' });
      return;
    }
    notice('k-notice', errorText(error));
    if (error instanceof ApiError && error.status === 409) await load();
  }
}

async function load() {
  pad = await api('GET', mode === 'shared' ? `/api/keep/shared/${key}?lang=${lang}` : `/api/keep/${key}?lang=${lang}`);
  render();
}

function wirePad() {
  $('k-pad').hidden = false;
  $('k-undo').addEventListener('click', async () => {
    if (busy) return;
    correcting = null; form = {};
    try {
      pad = await call('POST', `/api/keep/${pad.id}/undo`, { version: pad.version });
      notice('k-notice', '');
      render();
    } catch (error) { notice('k-notice', errorText(error)); }
  });
  $('k-entries-btn').addEventListener('click', entriesDialog);
  $('k-sheet-btn').addEventListener('click', sheetDialog);
  $('k-share-btn').addEventListener('click', shareDialog);
  $('k-share-new').addEventListener('click', async () => {
    pad = await call('POST', `/api/keep/${pad.id}/share`);
    $('k-share-url').value = shareUrl(pad.share_token);
    $('k-share-url').select();
  });
  $('k-share-stop').addEventListener('click', async () => {
    pad = await call('DELETE', `/api/keep/${pad.id}/share`);
    $('k-share-url').value = t('Sharing stopped: the old link no longer works.');
  });
  document.addEventListener('keydown', (event) => {  // Escape: out of a correction (dialogs close themselves)
    if (event.key === 'Escape' && !document.querySelector('dialog[open]')) cancelCorrection();
  });
  for (const close of document.querySelectorAll('[data-close]')) {
    close.addEventListener('click', () => close.closest('dialog').close());
  }
}

// --- the start page ------------------------------------------------------------------

function nameInputs(count) {
  const box = $('k-names');
  const old = [...box.querySelectorAll('input')].map((i) => i.value);
  box.replaceChildren(...Array.from({ length: count }, (_, i) => {
    const id = `k-name-${i}`;
    return el('div', { class: 'keep-name-row' },
      el('label', { for: id }, t('Player {n}', { n: i + 1 })),
      el('input', { id, name: id, required: '', maxlength: '24', value: old[i] || '', autocomplete: 'off' }));
  }));
  for (const input of box.querySelectorAll('input')) input.addEventListener('input', () => dealerOptions(count));
  dealerOptions(count);
}

function dealerOptions(count) {
  const dealer = $('k-dealer');
  const chosen = dealer.value;
  const names = [...$('k-names').querySelectorAll('input')].map((i) => i.value.trim());
  dealer.replaceChildren(...Array.from({ length: count }, (_, i) => el('option', { value: String(i) }, names[i] || t('Player {n}', { n: i + 1 }))));
  if (chosen && Number(chosen) < count) dealer.value = chosen;
}

async function wireHome() {
  $('k-home').hidden = false;
  let count = 4;
  nameInputs(count);
  $('k-add-player').addEventListener('click', () => { if (count < 6) nameInputs(++count); });
  $('k-remove-player').addEventListener('click', () => { if (count > 2) nameInputs(--count); });
  const listed = api('GET', '/api/keep');  // at once, beside the presets
  const presets = await api('GET', `/api/keep/presets?lang=${lang}`);
  $('k-profile').replaceChildren(...presets.map((p) => el('option', { value: p.id }, p.title)));
  $('k-new').addEventListener('submit', async (event) => {
    event.preventDefault();
    const players = [...$('k-names').querySelectorAll('input')].map((i) => i.value.trim());
    const body = { players, dealer: Number($('k-dealer').value), profile: $('k-profile').value };
    if ($('k-target').value) body.knobs = { target: Number($('k-target').value) };
    try {
      const created = await api('POST', `/api/keep?lang=${lang}`, body);
      location.assign(`/keep/${created.id}`);
    } catch (error) { notice('k-home-notice', errorText(error)); }
  });
  $('k-import').addEventListener('change', async () => {
    const file = $('k-import').files[0];
    if (!file) return;
    try {
      const created = await api('POST', `/api/keep/import?lang=${lang}`, await file.text());
      location.assign(`/keep/${created.id}`);
    } catch (error) { notice('k-home-notice', errorText(error)); }
  });
  const pads = await listed;
  $('k-list').replaceChildren(...pads.map((p) => el('li', {}, el('a', { href: `/keep/${p.id}` },
    `${p.players.join(', ')} — ${p.scores.join(' · ')}`))));
}

/** The page's catalog: the words of the page's scripts in its language, from the file
 * base.html names (chicago.web.catalogs; none for English), already run and cached. */
function pageCatalog() {
  return (typeof self !== 'undefined' && self.chicagoCatalog) || {};
}

async function main() {
  catalog = pageCatalog();
  if (mode === 'home') { await wireHome(); return; }
  wirePad();
  try { await load(); } catch (error) { notice('k-notice', errorText(error)); }
  if (mode === 'shared') {
    setInterval(async () => {
      try {
        const fresh = await api('GET', `/api/keep/shared/${key}?lang=${lang}`);
        if (fresh.version !== pad.version) { pad = fresh; render(); }
      } catch (error) { notice('k-notice', errorText(error)); }
    }, 3000);
  }
}

main();
