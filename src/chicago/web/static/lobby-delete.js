// A game's Delete button in the lobby's lists (saved games and tables with friends): it asks
// first; a game already gone (another tab deleted it) just leaves the list, and an emptied
// list is loaded again so that it says it is empty.
import { ApiError, api, el, errorText } from './api.js';
import { t } from './i18n.js';

/** `label`: what a screen reader hears; `question`: the confirmation; `reload`: the list's. */
export function deleteRowButton(gameId, label, question, reload) {
  const button = el('button', { class: 'btn small danger', type: 'button', 'aria-label': label }, t('Delete'));
  button.addEventListener('click', async () => {
    if (!window.confirm(question)) return;
    button.disabled = true;
    try {
      await api('DELETE', `/api/games/${encodeURIComponent(gameId)}`);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) {
        window.alert(t('The game could not be deleted: {error}', { error: errorText(error) }));
        button.disabled = false;
        return;
      }
    }
    const list = button.closest('ul');
    button.closest('li').remove();
    if (list && !list.children.length) reload();
  });
  return button;
}
