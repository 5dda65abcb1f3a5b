// The coach's review in the viewer: ask for it, follow its progress, list and place its marks.
import { api, el, errorText } from './api.js';
import { t } from './words.js';

export function coachPanel(box, gameId, game, placeMarks, go) {
  const url = `/api/games/${encodeURIComponent(gameId)}/review`;
  let timer = null;

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
    if (review.status !== 'done') {
      const bar = el('progress', { max: String(review.total || 1), value: String(review.done) });
      box.append(el('p', { id: 'coach-progress', role: 'status' },
        t('Reviewing… {done} of {total} decisions', { done: review.done, total: review.total })), bar);
    }
    placeMarks(review.marks);
    if (review.status === 'done' && !review.marks.length) {
      box.append(el('p', { id: 'coach-none' }, t('The coach found nothing to change.')));
    }
    const list = el('ol', { class: 'coach-marks', id: 'coach-marks' });
    for (const m of review.marks) {
      list.append(el('li', {},
        el('button', { class: 'btn link', type: 'button', onclick: () => go(m.position) },
          `${t('Deal {deal}', { deal: m.deal })} · ${t('Jump to step {k}', { k: m.position })}`),
        el('p', {}, t('Your move: {action}', { action: m.played })),
        el('p', {}, el('strong', {}, t('The coach would: {action}', { action: m.suggested }))),
        el('p', { class: 'help' }, m.reason),
        el('p', { class: 'cost' }, t('Estimated cost: {cost}', { cost: m.cost_text }))));
    }
    if (review.marks.length) box.append(el('p', {}, t('Marks: {n}', { n: review.marks.length })), list);
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
}
