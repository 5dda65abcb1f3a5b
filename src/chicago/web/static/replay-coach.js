// The coach's review in the viewer: ask for it, follow its progress; once done, its summary
// and the three costliest moments first (each a click from its step), then every mark,
// ranked by cost or in game order; the marks on the slider, and the mark of the step shown.
import { api, el, errorText } from './api.js';
import { t } from './words.js';

function markBody(m) {
  return [
    el('p', {}, t('Your move: {action}', { action: m.played })),
    el('p', {}, el('strong', {}, t('The coach would: {action}', { action: m.suggested }))),
    el('p', { class: 'help' }, m.reason_text),
    el('p', { class: 'cost' }, t('Estimated cost: {cost}', { cost: m.cost_text })),
    el('p', { class: 'help odds' }, t('Yours: {odds}', { odds: m.played_odds })),
    el('p', { class: 'help odds' }, t("The coach's: {odds}", { odds: m.suggested_odds })),
  ];
}

/** Points to a tenth with the page's decimal sign ("12.4" / "12,4"), as the server words them. */
function tenths(x) {
  const lang = document.documentElement.lang || 'en';
  return x.toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

function jump(m, go) {
  return el('button', { class: 'btn link', type: 'button', onclick: () => go(m.position) },
    `${t('Deal {deal}', { deal: m.deal })} · ${t('Jump to step {k}', { k: m.position })} · ${
      t('{points} points', { points: tenths(m.cost.points) })}`);
}

/** The coach's panel; returns `markAt(k)`: the node of the mark at step k, or null. */
export function coachPanel(box, gameId, game, placeMarks, go, onChange) {
  const url = `/api/games/${encodeURIComponent(gameId)}/review`;
  let timer = null;
  let marks = [];
  let order = 'cost';

  function ranked() {
    return [...marks].sort((a, b) => b.cost.points - a.cost.points || a.index - b.index);
  }

  function list() {
    const items = order === 'cost' ? ranked() : [...marks].sort((a, b) => a.index - b.index);
    const ol = el('ol', { class: 'coach-marks', id: 'coach-marks' });
    for (const m of items) ol.append(el('li', { 'data-index': String(m.index) }, jump(m, go), ...markBody(m)));
    return ol;
  }

  function toggle(all) {
    const bar = el('div', { class: 'row coach-order', role: 'group', 'aria-label': t('Order of the marks') });
    for (const [value, label] of [['cost', t('Costliest first')], ['game', t('In game order')]]) {
      bar.append(el('button', {
        class: 'btn small', type: 'button', id: `coach-order-${value}`, 'aria-pressed': String(order === value),
        onclick: () => { order = value; all.replaceChildren(toggle(all), list()); },
      }, label));
    }
    return bar;
  }

  function draw(review) {
    box.replaceChildren();
    if (!game.finished) { box.append(el('p', { class: 'help' }, t('The coach reviews a game once it is over.'))); return; }
    if (!review || review.status === 'none') {
      box.append(el('button', { class: 'btn', type: 'button', id: 'ask-coach', onclick: ask }, t('Ask the coach')));
      return;
    }
    if (review.status === 'failed') {
      box.append(el('p', { class: 'form-error' }, t('The review failed: {error}', { error: review.error || '' })));
      return;
    }
    marks = review.marks;
    placeMarks(marks);
    onChange();
    if (review.status !== 'done') {
      const bar = el('progress', { max: String(review.total || 1), value: String(review.done) });
      box.append(el('p', { id: 'coach-progress', role: 'status' },
        t('Reviewing… {done} of {total} decisions', { done: review.done, total: review.total })), bar);
      return;
    }
    box.append(el('p', { id: 'coach-summary' }, review.summary.text));
    if (!marks.length) {
      box.append(el('p', { id: 'coach-none' }, t('The coach found nothing to change.')));
      return;
    }
    const top = el('ol', { class: 'coach-top', id: 'coach-top' });
    for (const m of ranked().slice(0, 3)) {
      top.append(el('li', {}, jump(m, go), el('p', {}, m.summary), el('p', { class: 'help' }, m.reason_text)));
    }
    const all = el('div', { id: 'coach-all' });
    all.append(toggle(all), list());
    box.append(el('h3', {}, t('The costliest moments')), top, el('h3', {}, t('Every mark')), all);
  }

  async function poll() {
    let review;
    try { review = await api('GET', url); } catch (e) { box.textContent = errorText(e); return; }
    draw(review);
    if (review.status === 'queued' || review.status === 'running') timer = setTimeout(poll, 1500);
  }

  async function ask() {
    try { draw(await api('POST', url)); } catch (e) { box.textContent = errorText(e); return; }
    clearTimeout(timer);
    timer = setTimeout(poll, 800);
  }

  poll();
  return (k) => {
    const m = marks.find((x) => x.position === k);
    if (!m) return null;
    return el('div', { class: 'step-mark' },
      el('p', { class: 'step-mark-head' }, el('strong', {}, t('The coach marks this step'))), ...markBody(m));
  };
}
