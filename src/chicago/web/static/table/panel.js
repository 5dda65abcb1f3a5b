// The decision panel: the question of seat 0's turn in words, its answers as buttons (each
// with its key), any failure to save shown right beside the buttons, and the hint under them.
import { api, el, errorText } from '../api.js';
import { ngettext, t } from '../i18n.js';
import { renderHand } from './board.js';
import { cardElement } from './cards.js';
import { dispatch } from './dispatch.js';
import { announce } from './log.js';
import { showResult } from './result.js';
import { $, S, app, base, dom, finished, focusFor, live, myDecision, profile } from './state.js';
import { cap, cardText, cardWords, cards, name, points, suitWord } from './words.js';

function keyLabel(text, key) {
  return [text, ' ', el('kbd', { 'aria-hidden': 'true' }, key)];
}

function button(id, label, key, onclick, primary = false) {
  return el('button', {
    class: primary ? 'btn primary' : 'btn', type: 'button', id, onclick, 'aria-keyshortcuts': key.toLowerCase(),
  }, ...keyLabel(label, key));
}

export function toggleDiscard(card) {
  if (myDecision() !== 'exchange' || S.busy) return;
  if (S.selected.has(card)) S.selected.delete(card);
  else S.selected.add(card);
  renderHand();
  renderControls();
  const again = dom.hand.querySelector(`[data-card="${card}"]`);
  focusFor(again);
}

export function confirmDialog(title, text, yes) {
  const dialog = $('confirm');
  $('confirm-title').textContent = title;
  $('confirm-text').textContent = text;
  $('confirm-yes').textContent = yes;
  dialog.showModal();
  $('confirm-no').focus();
  return new Promise((resolve) => {
    const done = (answer) => () => { cleanup(); dialog.close(); resolve(answer); };
    const onYes = done(true);
    const onNo = done(false);
    const onCancel = () => { cleanup(); resolve(false); };
    function cleanup() {
      $('confirm-yes').removeEventListener('click', onYes);
      $('confirm-no').removeEventListener('click', onNo);
      dialog.removeEventListener('cancel', onCancel);
    }
    $('confirm-yes').addEventListener('click', onYes);
    $('confirm-no').addEventListener('click', onNo);
    dialog.addEventListener('cancel', onCancel);
  });
}

async function exchangeSelected(resetNeeded) {
  if (myDecision() !== 'exchange' || S.busy) return;
  const discard = S.table.view.hand.filter((c) => S.selected.has(c));
  const counts = new Set(S.table.legal.filter((a) => a.type === 'exchange').map((a) => a.discard.length));
  if (!discard.length || !counts.has(discard.length)) return;
  let confirmReset = false;
  if (resetNeeded) {
    const ok = await confirmDialog(
      t('Reset your score to 0?'),
      t('You have {points}. Discarding any card now resets your score to 0 (rule R2.4). Keep all five cards to avoid the reset.', { points: points(S.table.view.scores[S.me]) }),
      ngettext('Reset to 0 and exchange {n}', 'Reset to 0 and exchange {n}', discard.length),
    );
    if (!ok) return;
    confirmReset = true;
  }
  await dispatch('send', { type: 'exchange', discard, confirm_reset: confirmReset });
}

function describeAction(a) {
  switch (a.type) {
    case 'exchange': return a.discard.length ? t('discard {cards}', { cards: cards(a.discard) }) : t('keep all your cards');
    case 'offer': return a.keep ? t('keep the offered card') : t('decline the offered card');
    case 'chicago': return a.call ? t('call Chicago') : t('do not call Chicago');
    case 'quads': return a.choice === 'points' ? t('take the points') : t('reset the others to 0');
    case 'play': return t('play {card}', { card: cardText(a.card) });
    default: return JSON.stringify(a);
  }
}

// The hint belongs to the question: its words sit beside the decision (under it on a phone,
// under the hand on a wide screen), never over either, and what it suggests is marked where
// the player acts (the cards on the hand, or the answer's button).
const hintBox = $('hint');

/** The hint's suggestion for this table, or null (it lasts until the table moves on). */
function shownHint() {
  const h = S.hint;
  return h && S.table && h.version === S.table.version && myDecision() ? h : null;
}

/** Close the hint and drop its marks. */
export function closeHint() {
  S.hint = null;
  showHintBox(null);
}

function showHintBox(hint) {
  // Filled again only when its words change: a live region read out once, not at every redraw.
  const key = hint ? JSON.stringify([hint, offerToSelect(hint)]) : '';
  if (hintBox.dataset.key !== key) {
    hintBox.dataset.key = key;
    if (hint) fillHint(hint); else hintBox.replaceChildren();
  }
  hintBox.hidden = !hint;
  app.classList.toggle('hinting', Boolean(hint));
}

/** The id of the answer button the hint suggests, if its answer is a button. */
function hintedButton(a, decision) {
  if (!a || a.type !== decision) return null;
  switch (a.type) {
    case 'exchange': return a.discard.length ? null : 'keep-all';
    case 'offer': return a.keep ? 'offer-keep' : 'offer-decline';
    case 'chicago': return a.call ? 'chicago-call' : 'chicago-pass';
    case 'quads': return a.choice === 'points' ? 'quads-points' : 'quads-reset';
    default: return null;
  }
}

/** Whether the hint's discards can be chosen with one button (they are not chosen yet). */
function offerToSelect(h) {
  const a = h.action;
  if (!a || a.type !== 'exchange' || !a.discard.length || myDecision() !== 'exchange') return false;
  return !(a.discard.length === S.selected.size && a.discard.every((c) => S.selected.has(c)));
}

function fillHint(h) {
  const close = el('button', {
    class: 'btn small ghost hint-close', type: 'button', id: 'hint-close', 'aria-label': t('Close the hint'),
    onclick: () => { closeHint(); renderHand(); renderControls(); focusDecision(); },
  }, el('span', { 'aria-hidden': 'true' }, '×'));
  if (h.loading) { hintBox.replaceChildren(el('p', {}, t('Thinking…'))); return; }
  if (h.error) {
    hintBox.replaceChildren(el('div', { class: 'hint-head' },
      el('p', { class: 'form-error', role: 'alert' }, t('No hint: {error}', { error: h.error })), close));
    return;
  }
  const a = h.action;
  const head = el('div', { class: 'hint-head' }, el('p', {}, el('strong', {}, t('Hint:')), ' ', `${cap(describeAction(a))}.`));
  if (offerToSelect(h)) {
    head.append(el('button', {
      class: 'btn small', type: 'button', id: 'use-hint',
      onclick: () => { S.selected = new Set(a.discard); renderHand(); renderControls(); },
    }, t('Select these cards')));
  }
  head.append(close);
  hintBox.replaceChildren(head, el('p', { class: 'help' }, h.reason || ''));
}

/** The hint button: asks for a hint, or closes the one open. */
export async function showHint() {
  if (!myDecision() || S.busy) return;
  if (shownHint() && !S.hint.loading) {
    closeHint();
    renderHand();
    renderControls();
    return;
  }
  const version = S.table.version;
  S.hint = { version, loading: true };
  renderControls();
  try {
    const hint = await api('GET', `${base}/hint`);
    if (!S.hint || S.hint.version !== version) return; // the table moved on meanwhile
    const a = hint.action || {};
    S.hint = { version, action: a, reason: hint.reason || '' };
  } catch (error) {
    if (!S.hint || S.hint.version !== version) return;
    S.hint = { version, error: errorText(error) };
  }
  renderHand();
  renderControls();
}

function exchangePanel(text, buttons) {
  const v = S.table.view;
  const p = profile();
  const options = S.table.legal.filter((a) => a.type === 'exchange');
  const counts = new Set(options.map((a) => a.discard.length));
  const most = Math.max(...counts);
  const least = Math.min(...[...counts].filter((c) => c > 0));
  const resetNeeded = Boolean((S.table.prompt || {}).confirm_reset_needed) || options.some((a) => a.confirm_reset);
  if (!counts.has(0) && counts.size === 1) {
    text.append(el('p', { class: 'ask' }, ngettext('You hold {cards} cards: choose the card to discard. You draw nothing.',
      'You hold {cards} cards: choose the {n} cards to discard. You draw nothing.', least, { cards: v.hand.length })));
  } else {
    text.append(el('p', { class: 'ask' }, t('Exchange {n} of {of}: choose up to {most} cards to discard, then exchange, or keep all.',
      { n: v.exchange, of: p.exchanges ?? 3, most })),
    el('p', { class: 'help' }, el('span', { class: 'keys-help' }, t('Click cards or press 1–{last} to choose them.', { last: S.shownHand.length }), ' '),
      p.open_offer && counts.has(1) ? t('Discard exactly one and the top card of the stock is offered to you face up.') : ''));
  }
  if (resetNeeded) {
    text.append(el('p', { class: 'warning' }, t('You have {points}: discarding any card resets your score to 0 (R2.4). Keeping all five avoids it.', { points: points(v.scores[S.me]) })));
  }
  const n = S.selected.size;
  const ok = n > 0 && counts.has(n);
  const go = button('do-exchange', n ? ngettext('Exchange {n} card', 'Exchange {n} cards', n) : t('Exchange (select cards)'), 'E', () => exchangeSelected(resetNeeded), true);
  go.dataset.counts = [...counts].sort().join(',');
  go.disabled = !ok;
  if (resetNeeded && n) go.classList.add('danger');
  buttons.append(go);
  if (counts.has(0)) {
    buttons.append(button('keep-all', ngettext('Keep the card', 'Keep all {n}', v.hand.length), 'K', () => dispatch('send', { type: 'exchange', discard: [], confirm_reset: false })));
  }
  if (n && !ok) {
    text.append(el('p', { class: 'help' }, least === most
      ? ngettext('You may discard {n} card.', 'You may discard {n} cards.', least)
      : t('You may discard {least} to {most} cards.', { least, most })));
  }
}

function offerPanel(text, buttons) {
  const card = S.table.view.offer;
  text.append(el('div', { class: 'offer-row' },
    el('div', { class: 'offer-card' }, cardElement(card, 'big')),
    el('div', {},
      el('p', { class: 'ask' }, t('The top card of the stock is offered to you: the {card}.', { card: cardWords(card) })),
      el('p', { class: 'help' }, t('Keep it, or decline it and take the next card unseen.')))));
  buttons.append(
    button('offer-keep', t('Keep it'), 'K', () => dispatch('send', { type: 'offer', keep: true }), true),
    button('offer-decline', t('Decline'), 'D', () => dispatch('send', { type: 'offer', keep: false })));
}

function chicagoPanel(text, buttons) {
  const v = S.table.view;
  const p = profile();
  const stakes = (S.table.prompt || {}).chicago_stakes
    || { win: p.chicago_points ?? 15, lose: p.chicago_penalty ?? 15, breaker: p.broken_chicago_bonus ?? 10 };
  const leads = p.chicago_caller_leads === false ? t('The usual leader leads the first trick.') : t('You lead the first trick.');
  const qualifies = p.qualification_required && !v.qualified[S.me] ? ` ${t('A call, won or lost, also qualifies you to win the game.')}` : '';
  text.append(el('p', { class: 'ask' }, t('Call Chicago? You promise to win all five tricks.')),
    el('p', { class: 'stakes' },
      el('strong', {}, `+${stakes.win}`), ` ${t('if you win every trick')}; `,
      el('strong', {}, `\u2212${stakes.lose}`), ` ${t('as soon as someone else takes a trick')}`,
      stakes.breaker ? [' ' + t('(that player gains {n})', { n: '+' + stakes.breaker })] : null, '.'),
    el('p', { class: 'help' }, leads, qualifies));
  buttons.append(
    button('chicago-pass', t('Pass'), 'N', () => dispatch('send', { type: 'chicago', call: false })),
    button('chicago-call', t('Call Chicago'), 'C', () => dispatch('send', { type: 'chicago', call: true })));
}

function quadsPanel(text, buttons) {
  const pts = profile().quads_points ?? 8;
  text.append(el('p', { class: 'ask' }, t('Your four of a kind is the best hand. Choose:')),
    el('ul', { class: 'stakes' },
      el('li', {}, el('strong', {}, `+${pts}`), ` ${t('points (this four of a kind scores points for the rest of the deal)')}`),
      el('li', {}, el('strong', {}, t('Reset')), ` ${t('every other player to 0 and end this deal at once')}`)));
  buttons.append(
    button('quads-points', t('Take {n} points', { n: pts }), 'P', () => dispatch('send', { type: 'quads', choice: 'points' }), true),
    button('quads-reset', t('Reset the others to 0'), 'R', () => dispatch('send', { type: 'quads', choice: 'reset' })));
}

function playPanel(text) {
  const v = S.table.view;
  const led = v.trick.length ? v.trick[0].card[1] : null;
  const params = { n: v.tricks.length + 1, suit: led ? suitWord(led) : '' };
  let ask;
  if (!led) ask = t('Trick {n} of 5: your lead — play any card.', params);
  else if (v.hand.some((c) => c[1] === led)) ask = t('Trick {n} of 5: {suit} led — follow suit.', params);
  else ask = t('Trick {n} of 5: {suit} led and you have none — play any card.', params);
  text.append(el('p', { class: 'ask' }, ask), el('p', { class: 'help keys-help' }, t('Click a highlighted card or press its number (1–{last}).', { last: S.shownHand.length })));
  if (v.caller === S.me) text.append(el('p', { class: 'warning' }, t('You called Chicago: take every trick!')));
  else if (v.caller !== null && v.caller !== undefined) text.append(el('p', { class: 'help' }, t('{name} called Chicago: take a trick to break it.', { name: name(v.caller) })));
}

function waitingText() {
  const l = live();
  if (S.me === null) return t('You are watching the table.');
  if (l && l.status === 'open') return l.creator ? t('Start the game when your friends are seated.') : t('The game starts when the creator says so.');
  if (l && l.players[S.me] && l.players[S.me].away) return t('A bot plays for you until you take your seat back.');
  if (S.disp.eliminated[S.me]) return t('You are eliminated: the others play on.');
  const active = S.disp.active;
  if (l && active !== null && active !== S.me) return t('Waiting for {name}…', { name: name(active) });
  return t('Waiting for the other players…');
}

function failureLine() {
  const f = S.failure;
  // A refusal of the seat boxes is shown in them (before the start this panel is hidden).
  if (!f || f.where || (live() && live().status === 'open')) return null;
  return el('p', { class: `failure ${f.kind || ''}`.trim(), id: 'failure', role: 'alert' }, f.text);
}

export function renderControls() {
  showHintBox(drawControls());
}

/** The decision's question and answers; returns the open hint to show with them, if any. */
function drawControls() {
  const box = dom.controls;
  box.replaceChildren();
  if (!S.table) return null;
  if (S.animating) {
    box.append(el('p', { class: 'prompt waiting' }, t('The others are playing…'), ' ',
      el('span', { class: 'help' }, t('(press any key or click your cards to skip)'))));
    return null;
  }
  if (finished()) {
    box.append(el('p', { class: 'prompt' }, t('The game is over.')),
      el('div', { class: 'buttons' }, el('button', { class: 'btn primary', type: 'button', id: 'show-result', onclick: showResult }, t('Show the result'))));
    const failure = failureLine();
    if (failure) box.append(failure);
    return null;
  }
  const decision = myDecision();
  if (!decision) {
    box.append(el('p', { class: 'prompt waiting' }, waitingText()));
    const failure = failureLine();
    if (failure) box.append(failure);
    return null;
  }
  const buttons = el('div', { class: 'buttons' });
  const text = el('div', { class: 'prompt' });
  if (decision === 'exchange') exchangePanel(text, buttons);
  else if (decision === 'offer') offerPanel(text, buttons);
  else if (decision === 'chicago') chicagoPanel(text, buttons);
  else if (decision === 'quads') quadsPanel(text, buttons);
  else if (decision === 'play') playPanel(text);
  const hint = shownHint();
  buttons.append(el('button', {
    class: 'btn ghost', type: 'button', id: 'hint-btn', onclick: showHint, 'aria-keyshortcuts': 'h',
    'aria-expanded': hint ? 'true' : 'false', 'aria-controls': 'hint',
  }, ...keyLabel(t('Hint'), 'H')));
  const marked = hint && hint.action ? hintedButton(hint.action, decision) : null;
  const mark = marked && buttons.querySelector(`#${marked}`);
  if (mark) { mark.classList.add('hinted'); mark.setAttribute('aria-describedby', 'hint'); }
  box.append(text, buttons);
  const failure = failureLine();
  if (failure) box.append(failure);
  if (S.busy) for (const b of box.querySelectorAll('button')) b.disabled = true;
  return hint;
}

/** After the others' moves the keyboard lands on the decision: the first card to choose or
 * play, the safe answer of a question (Pass for Chicago), or the first answer. */
export function focusDecision() {
  const active = document.activeElement;
  const shown = active && active.isConnected && active !== document.body
    && (!active.checkVisibility || active.checkVisibility({ checkVisibilityCSS: true }));
  // The player is busy elsewhere (a setting, the side panel, an open dialog): leave the focus.
  if (shown && (!app.contains(active) || active.closest('.toolbar, .side, dialog[open]'))) return;
  const decision = myDecision();
  let target;
  if (decision === 'exchange' || decision === 'play') {
    target = dom.hand.querySelector('.card-btn.playable') || dom.hand.querySelector('.card-btn:not([aria-disabled])');
  } else if (decision === 'chicago') {
    target = $('chicago-pass');
  } else {
    target = dom.controls.querySelector('.buttons .btn.primary:not([disabled])');
  }
  focusFor(target);
}

export function announceTurn() {
  const decision = myDecision();
  const words = {
    exchange: t('Your turn to exchange.'), offer: t('Your open offer: keep or decline.'),
    chicago: t('Your turn: call Chicago?'), quads: t('Four of a kind: choose.'), play: t('Your turn to play a card.'),
  };
  if (decision) announce(words[decision] || t('Your turn.'), 'turn');
}
