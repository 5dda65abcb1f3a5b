// The watch link on a seat's page: the creator makes, copies, renews and revokes it; every
// player is told when the table can be watched. The token is only known to the browser
// that made it (the server keeps its hash), so it is kept in this tab's session storage.
import { api, el, errorText } from '../api.js';
import { t } from '../i18n.js';

const key = (gameId) => `chicago.watch.${gameId}`;
let refused = null; // the last refusal, shown until the next request (the box is drawn again often)

/** Render the watch-link box of `table` (its API address `base`) into `box`; `refresh()`
 * refetches the table. */
export function renderWatchBox(box, table, base, gameId, refresh) {
  const live = table.live;
  if (!live.creator && !live.watch) { box.hidden = true; return; }
  box.hidden = false;
  const title = el('h2', { id: 'watch-title' }, t('Watch link'));
  if (!live.creator) {
    box.replaceChildren(title, el('p', { class: 'help', id: 'watch-note' },
      t('Anyone with the watch link can follow this table: they see what an eliminated player sees, never your cards.')));
    return;
  }
  let path = window.sessionStorage.getItem(key(gameId));
  if (!live.watch) { window.sessionStorage.removeItem(key(gameId)); path = null; }
  const link = path ? `${window.location.origin}${path}` : '';
  const act = (method) => async () => {
    refused = null;
    try {
      const answer = await api(method, `${base}/watch`);
      if (answer && answer.path) window.sessionStorage.setItem(key(gameId), answer.path);
      else window.sessionStorage.removeItem(key(gameId));
      await refresh();
    } catch (error) {
      refused = errorText(error);
      renderWatchBox(box, table, base, gameId, refresh);
    }
  };
  const parts = [title];
  if (link) {
    parts.push(el('p', { class: 'help' }, t('Spectators with this link see the table live, never anyone\'s cards, and cannot play or chat:')),
      el('input', { id: 'watch-link', readonly: true, value: link, 'aria-label': t('Watch link') }));
  } else {
    parts.push(el('p', { class: 'help' }, live.watch
      ? t('A watch link works, but this browser does not know it: make a new one to share it (the old one stops working).')
      : t('Let others follow the table without playing: they see what an eliminated player sees, never anyone\'s cards.')));
  }
  parts.push(el('div', { class: 'row' },
    link ? el('button', { class: 'btn small', type: 'button', id: 'copy-watch',
      onclick: () => navigator.clipboard && navigator.clipboard.writeText(link) }, t('Copy the link')) : null,
    el('button', { class: 'btn small', type: 'button', id: 'renew-watch', onclick: act('POST') },
      live.watch ? t('New watch link') : t('Make a watch link')),
    live.watch ? el('button', { class: 'btn small', type: 'button', id: 'revoke-watch', onclick: act('DELETE') }, t('Revoke the watch link')) : null));
  if (refused) parts.push(el('p', { class: 'failure', id: 'watch-failure', role: 'alert' }, refused));
  box.replaceChildren(...parts);
}
