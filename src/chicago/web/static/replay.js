// The replay viewer: step through a game action by action (buttons, slider, deal menu,
// ←/→ and Home/End); the coach's review and the share link for the owner.
import { api, el, errorText } from './api.js';
import { t } from './words.js';
import { dealHeading, drawMarks, drawStory, drawTable, seatName, withCards } from './replay-view.js';
import { coachPanel } from './replay-coach.js';

const root = document.getElementById('replay');
const mode = root.dataset.mode;
const key = root.dataset.key;
const base = mode === 'shared' ? `/api/shared/${encodeURIComponent(key)}`
  : `/api/games/${encodeURIComponent(key)}/replay`;
const $ = (id) => document.getElementById(id);
const cache = new Map();
let game = null;
let current = 0;
// The step last asked for, set at once: a step forward counts from it, not from the step
// shown (which lags while positions load), so every press moves exactly one step.
let wanted = 0;
let markAt = () => null;
let marks = [];

function showError(error) {
  const box = $('replay-error');
  box.textContent = errorText(error);
  box.hidden = false;
}

async function position(k) {
  if (!cache.has(k)) cache.set(k, api('GET', `${base}/${k}`).catch((e) => { cache.delete(k); throw e; }));
  return cache.get(k);
}

async function go(k) {
  if (!game) return;
  const target = Math.max(0, Math.min(game.positions - 1, k));
  wanted = target;
  let pos;
  try { pos = await position(target); } catch (e) { showError(e); return; }
  if (wanted !== target) return; // a later step was asked for meanwhile
  current = target;
  $('slider').value = String(target);
  $('step-label').textContent = t('Step {k} of {n}', { k: target, n: game.positions - 1 });
  $('deal-jump').value = String(game.timeline[target].deal);
  drawTable($('replay-table'), game, pos);
  drawStory($('story'), game, target);
  drawStep(target);
  const url = new URL(window.location.href);
  url.hash = `step-${target}`;
  window.history.replaceState(null, '', url);
  for (const near of [target + 1, target - 1]) {
    if (near >= 0 && near < game.positions) position(near).catch(() => {});
  }
}

/** The step's own story and, where the coach marked it, its mark: beside the table. */
function drawStep(k) {
  const { lines } = game.timeline[k];
  const heading = dealHeading(game.timeline[k]);
  const said = (lines.length || heading ? lines : [t('Nothing happens here yet.')]).map((l) => el('li', {}, ...withCards(l)));
  $('step-lines').replaceChildren(...(heading ? [heading] : []), ...said);
  const mark = markAt(k);
  $('step-mark').replaceChildren(...(mark ? [mark] : []));
}

/** A horizontal swipe on the table steps forward (to the left) or back (to the right). */
function swipe(area) {
  let start = null;
  area.addEventListener('touchstart', (e) => {
    if (e.touches.length === 1) start = { x: e.touches[0].clientX, y: e.touches[0].clientY };
  }, { passive: true });
  area.addEventListener('touchend', (e) => {
    if (!start || !e.changedTouches.length) return;
    const dx = e.changedTouches[0].clientX - start.x;
    const dy = e.changedTouches[0].clientY - start.y;
    start = null;
    if (Math.abs(dx) > 40 && Math.abs(dx) > 1.5 * Math.abs(dy)) go(wanted + (dx < 0 ? 1 : -1));
  }, { passive: true });
}

function onKey(event) {
  const tag = event.target && event.target.tagName;
  if (tag === 'SELECT' || tag === 'TEXTAREA' || tag === 'INPUT') return; // the slider steps by itself
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const moves = { ArrowRight: wanted + 1, ArrowLeft: wanted - 1, Home: 0, End: game.positions - 1 };
  if (!(event.key in moves)) return;
  event.preventDefault();
  go(moves[event.key]);
}

function about() {
  const when = game.played_words;  // the server's words, as the history dates the game
  const winner = game.winner === null ? null : (game.players || [])[game.winner];
  const result = game.winner === null ? t('In play') : winner && winner.you ? t('You won')
    : t('{name} won', { name: seatName(game, game.winner) });
  $('replay-about').textContent = `${when} · ${game.profile.title} · ${result} · ${game.scores.join(' – ')}`;
  if (game.people) $('replay-about').append(' · ', el('span', { class: 'tag-people' }, t('Played with people')));
  if (game.imported) $('replay-about').append(' · ', el('span', { class: 'tag-imported' }, t('Imported')));
}

function sharePanel() {
  const box = $('share');
  if (!box) return;
  const draw = (active, url) => {
    box.replaceChildren();
    if (!game.finished) { box.append(el('p', { class: 'help' }, t('Only a finished game can be shared.'))); return; }
    if (game.share && game.share.can === false) {
      box.append(el('p', { class: 'help', id: 'share-creator-only' }, t("Only the table's creator can share this game.")));
      return;
    }
    if (url) {
      const full = new URL(url, window.location.href).href;
      const field = el('input', { type: 'text', readonly: true, value: full, id: 'share-url', 'aria-label': t('Share link') });
      box.append(el('p', {}, t('Anyone with this link can watch this game (read-only):')), field,
        el('button', { class: 'btn small', type: 'button', onclick: async () => {
          field.select();
          try { await navigator.clipboard.writeText(full); field.after(el('span', { class: 'help' }, ` ${t('Copied.')}`)); } catch (_) { /* selected for copying */ }
        } }, t('Copy')));
    } else if (active) {
      box.append(el('p', {}, t('A share link is active.')));
    }
    const create = el('button', { class: 'btn small', type: 'button', id: 'share-create', onclick: async () => {
      try { const r = await api('POST', `/api/games/${encodeURIComponent(key)}/share`); draw(true, r.url); } catch (e) { showError(e); }
    } }, t('Create a share link'));
    const stop = el('button', { class: 'btn small danger', type: 'button', id: 'share-stop', onclick: async () => {
      try {
        await api('DELETE', `/api/games/${encodeURIComponent(key)}/share`);
        draw(false, null);
        box.append(el('p', { class: 'help', id: 'share-stopped' }, t('The link no longer works.')));
      } catch (e) { showError(e); }
    } }, t('Stop sharing'));
    box.append(el('div', { class: 'row' }, create, active || url ? stop : ''));
  };
  draw(game.share && game.share.active, null);
}

/** The game and its first step as the server wrote them into the page (one round trip
 * fewer on a phone), or null: then the script asks for them. */
function takeEmbedded() {
  const node = document.getElementById('first-replay');
  if (!node) return null;
  node.remove();
  try { return JSON.parse(node.textContent); } catch (_) { return null; }
}

async function start() {
  // The first position is asked for with the game, not after it: one round trip, not two.
  const hash = /^#step-(\d+)$/.exec(window.location.hash);
  const first = hash ? Number(hash[1]) : 0;
  const embedded = takeEmbedded();
  if (embedded) cache.set(0, Promise.resolve(embedded.position));
  position(first).catch(() => { /* go() says what failed */ });
  if (embedded) game = embedded.game;
  else {
    try { game = await api('GET', base); } catch (e) { showError(e); $('replay-about').textContent = ''; return; }
  }
  about();
  const slider = $('slider');
  slider.max = String(game.positions - 1);
  slider.addEventListener('input', () => go(Number(slider.value)));
  const deals = $('deal-jump');
  for (const d of game.deals) deals.append(el('option', { value: String(d.deal) }, t('Deal {deal}', { deal: d.deal })));
  deals.addEventListener('change', () => {
    const found = game.deals.find((d) => String(d.deal) === deals.value);
    if (found) go(found.position);
  });
  $('to-start').addEventListener('click', () => go(0));
  $('back').addEventListener('click', () => go(wanted - 1));
  $('forward').addEventListener('click', () => go(wanted + 1));
  $('to-end').addEventListener('click', () => go(game.positions - 1));
  document.addEventListener('keydown', onKey);
  swipe(document.querySelector('.replay-table'));
  if (mode === 'owner') {
    const place = (found) => { marks = found; drawMarks($('marks'), marks, game.positions, go); };
    markAt = coachPanel($('coach'), key, game, place, go, () => { if (game) drawStep(current); });
    window.addEventListener('resize', () => drawMarks($('marks'), marks, game.positions, go));
    sharePanel();
  }
  await go(first);
}

start();
