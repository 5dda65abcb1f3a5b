// Words of the pages around a table with people (new table, join): through t().
import { t } from '../i18n.js';

/** The page's words: i18n.js has read the catalog the page embeds (base.html, in the page's
 * language) when it loaded, so there is nothing to ask the server for (it used to be asked
 * twice, one request after the other, before the table). Kept for its callers. */
export async function loadCatalog() { /* the embedded catalog is already in use */ }

/** A bot level's name. */
export function levelName(level) {
  return { easy: t('easy'), normal: t('normal'), hard: t('hard') }[level] || level || t('normal');
}

/** A seat's name: the person's, or "Bot (level)", or "Free seat". */
export function seatName(player) {
  if (!player) return '';
  if (player.kind === 'bot') return t('Bot ({level})', { level: levelName(player.level) });
  if (!player.name) return t('Free seat');
  return player.name;
}

