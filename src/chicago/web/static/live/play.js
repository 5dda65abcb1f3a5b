// This seat's cards and decisions: the hand, the trick, one control per kind of decision.
// Everything shown comes from the seat's own view; a move is POSTed with the version it
// was made against, and a 409 (the game moved on) refetches the view.
import { api, el, errorText } from '../api.js';
import { t } from '../i18n.js';
import { cardText, decisionText } from './words.js';

const same = (a, b) => a.length === b.length && a.every((c) => b.includes(c));

/** Render hand, trick and controls for `table`; `send(action)` makes a move. */
export function renderPlay(table, send) {
  const hand = document.getElementById('hand');
  const trick = document.getElementById('trick');
  const controls = document.getElementById('controls');
  const view = table.view;
  const legal = table.legal || [];
  const decision = table.prompt ? table.prompt.decision : null;
  const selected = new Set();
  const playable = new Set(legal.filter((a) => a.type === 'play').map((a) => a.card));

  trick.replaceChildren(...view.trick.map((p) => el('span', { class: 'played', dataset: { seat: String(p.seat) } },
    el('span', { class: 'card-face' }, cardText(p.card)))));
  hand.replaceChildren(...view.hand.map((card) => {
    const button = el('button', {
      class: 'card-btn', type: 'button', dataset: { card },
      'aria-pressed': decision === 'exchange' ? 'false' : null,
      disabled: !(decision === 'exchange' || playable.has(card)),
      onclick: () => {
        if (decision === 'play') { send({ type: 'play', card }); return; }
        if (selected.has(card)) selected.delete(card); else selected.add(card);
        button.setAttribute('aria-pressed', String(selected.has(card)));
        refreshExchange();
      },
    }, cardText(card));
    if (playable.has(card)) button.dataset.legal = 'play';
    return button;
  }));

  const buttons = [];
  let exchangeButton = null;
  let confirm = null;
  function refreshExchange() {
    if (!exchangeButton) return;
    const discard = [...selected];
    const ok = legal.some((a) => a.type === 'exchange' && same(a.discard, discard));
    exchangeButton.disabled = !ok;
    exchangeButton.textContent = discard.length
      ? t('Exchange {n} cards', { n: discard.length }) : t('Keep all five');
  }
  if (decision === 'exchange') {
    exchangeButton = el('button', { class: 'btn primary', type: 'button', dataset: { legal: 'exchange' },
      onclick: () => send({ type: 'exchange', discard: [...selected], confirm_reset: Boolean(confirm && confirm.checked) }) });
    buttons.push(exchangeButton);
    if (table.prompt.confirm_reset_needed) {
      confirm = el('input', { type: 'checkbox', id: 'confirm-reset' });
      buttons.push(el('label', { class: 'check' }, confirm, t('Discarding sets my score to zero (R2.4): I accept')));
    }
  } else if (decision && decision !== 'play') {
    const labels = {
      offer: (a) => (a.keep ? t('Keep it') : t('Decline')),
      quads: (a) => (a.choice === 'points' ? t('Take the points') : t('Reset the others')),
      chicago: (a) => (a.call ? t('Call Chicago') : t('Pass')),
    };
    for (const a of legal) {
      const label = labels[a.type] ? labels[a.type](a) : a.type;
      buttons.push(el('button', { class: 'btn', type: 'button', dataset: { legal: a.type }, onclick: () => send(a) }, label));
    }
  }
  const prompt = decision ? decisionText(decision) : '';
  controls.replaceChildren(...(prompt ? [el('p', { class: 'prompt' }, prompt)] : []), ...buttons);
  refreshExchange();
}

/** POST a move at the table's version; the answer (or a 409) comes back as a table. */
export async function postMove(gameId, table, action) {
  try {
    return { table: await api('POST', `/api/tables/${encodeURIComponent(gameId)}/actions`, { version: table.version, action }) };
  } catch (error) {
    return { error, text: errorText(error) };
  }
}
