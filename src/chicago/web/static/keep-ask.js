// The scorekeeper's answer buttons: one small form per question the pad asks.
// `choices(ask, pad, t, submit)` returns the buttons; `submit(entry)` sends the entry.

import { el } from './api.js';

function button(label, onClick, extra = {}) {
  const b = el('button', { class: 'btn', type: 'button', ...extra }, label);
  b.addEventListener('click', onClick);
  return b;
}

function toggle(label, pressed, onChange, extra = {}) {
  const b = el('button', { class: 'btn keep-toggle', type: 'button', 'aria-pressed': String(pressed), ...extra }, label);
  b.addEventListener('click', () => {
    const now = b.getAttribute('aria-pressed') !== 'true';
    b.setAttribute('aria-pressed', String(now));
    onChange(now);
  });
  return b;
}

/** In a group where one answer is picked, only `label`'s toggle stays pressed. */
function pressOnly(group, label) {
  for (const other of group.children) {
    if (other.textContent !== label) other.setAttribute('aria-pressed', 'false');
  }
}

function saveButton(t, onClick) {
  return button(t('Save'), onClick, { class: 'btn primary', 'data-save': '' });
}

function active(pad) {
  return pad.players.filter((p) => !p.out);
}

function grid(...children) {
  return el('div', { class: 'keep-grid' }, ...children);
}

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];

function stageForm(ask, pad, t, submit, state, redraw) {
  if (!state.category) {
    return [grid(...pad.categories.map((c) => button(c.label, () => {
      if (c.id === 'none') {
        submit({ kind: 'stage', deal: ask.deal, number: ask.number, seats: [], category: 'none' });
        return;
      }
      state.category = c.id;
      state.seats = [];
      state.rank = null;
      redraw();
    }, { 'data-category': c.id })))];
  }
  const chosen = pad.categories.find((c) => c.id === state.category);
  // The server words the question: a tie is offered only where one deck can hold it (R3.3,
  // R3.4); where none can, one tap picks the player and another tap moves the pick.
  const out = [el('p', { class: 'keep-step' }, chosen.prompt)];
  const one = (chosen.ties || 1) < 2;
  const players = grid(...active(pad).map((p) => toggle(p.name, state.seats.includes(p.seat), (on) => {
    state.seats = on ? [...(one ? [] : state.seats), p.seat] : state.seats.filter((x) => x !== p.seat);
    if (one) pressOnly(players, on ? p.name : null);
  })));
  out.push(players);
  const needsRank = state.category === 'four_of_a_kind' && ask.rank_needed;
  if (needsRank) {
    out.push(el('p', { class: 'keep-step' }, t('Which rank?')));
    const ranks = el('div', { class: 'keep-grid keep-ranks', role: 'group', 'aria-label': t('Which rank?') },
      ...RANKS.map((r, i) => toggle(r, state.rank === i + 2, (on) => {
        state.rank = on ? i + 2 : null;
        pressOnly(ranks, r);
      })));
    out.push(ranks);
  }
  out.push(el('div', { class: 'keep-row' },
    button(t('Back'), () => { state.category = null; redraw(); }),
    saveButton(t, () => {
      const entry = { kind: 'stage', deal: ask.deal, number: ask.number, seats: state.seats, category: state.category };
      if (needsRank && state.rank) entry.rank = state.rank;
      submit(entry);
    })));
  return out;
}

export function choices(ask, pad, t, submit, state, redraw) {
  const name = (seat) => pad.players[seat].name;
  if (ask.kind === 'stage') return stageForm(ask, pad, t, submit, state, redraw);
  if (ask.kind === 'exchange') {  // R2.4: one player: no / yes; several: pick, or nobody
    const send = (seats) => submit({ kind: 'exchange', deal: ask.deal, number: ask.number, seats });
    if (ask.seats.length === 1) {
      const x = ask.seats[0];
      return [grid(
        button(t('No'), () => send([]), { 'data-nobody': '' }),
        button(t('Yes, {name} exchanged', { name: name(x) }), () => send([x]), { 'data-exchanged': String(x) }),
      )];
    }
    state.seats = state.seats || [];
    return [
      grid(...ask.seats.map((x) => toggle(name(x), state.seats.includes(x), (on) => {
        state.seats = on ? [...state.seats, x] : state.seats.filter((y) => y !== x);
      }))),
      el('div', { class: 'keep-row' },
        button(t('Nobody'), () => send([]), { 'data-nobody': '' }),
        saveButton(t, () => send(state.seats || []))),
    ];
  }
  if (ask.kind === 'quads') {
    return [grid(
      button(t('Take the points'), () => submit({ kind: 'quads', deal: ask.deal, choice: 'points' })),
      button(t('Reset the others'), () => submit({ kind: 'quads', deal: ask.deal, choice: 'reset' })),
    )];
  }
  if (ask.kind === 'chicago') {
    return [grid(
      ...ask.seats.map((x) => button(name(x), () => submit({ kind: 'chicago', deal: ask.deal, seat: x }))),
      button(t('Nobody'), () => submit({ kind: 'chicago', deal: ask.deal, seat: null }), { 'data-nobody': '' }),
    )];
  }
  if (ask.kind === 'tricks') {
    // As the hands' question: pick who took the last trick (and the two, R6.3), then Save;
    // a pick is changed with a tap before it is saved, never sent by the first tap.
    state.two = state.two || false;
    const send = () => {
      const seat = state.trick;
      const entry = { kind: 'tricks', deal: ask.deal, seat: seat === undefined ? null : seat,
        two: seat === ask.caller || ask.caller === null ? state.two : false };
      submit(entry);
    };
    const twoToggle = ask.two_counts ? [toggle(t('With a two'), state.two, (on) => { state.two = on; })] : [];
    const pick = (seat, label) => {
      const b = toggle(label, state.trick === seat, (on) => {
        state.trick = on ? seat : undefined;
        for (const other of document.querySelectorAll('[data-pick]')) {
          if (other !== b) other.setAttribute('aria-pressed', 'false');
        }
      }, { 'data-pick': String(seat) });
      return b;
    };
    const save = el('div', { class: 'keep-row' }, saveButton(t, send));
    if (ask.caller !== null) {
      return [
        grid(pick(ask.caller, t('{name} took all five', { name: name(ask.caller) })), ...twoToggle),
        el('p', { class: 'keep-step' }, t('Broken by:')),
        grid(...active(pad).filter((p) => p.seat !== ask.caller).map((p) => pick(p.seat, p.name))),
        save,
      ];
    }
    return [grid(...active(pad).map((p) => pick(p.seat, p.name))),
      el('div', { class: 'keep-row' }, ...twoToggle), save];
  }
  return [el('a', { class: 'btn primary', href: '/keep' }, t('New score pad'))];
}
