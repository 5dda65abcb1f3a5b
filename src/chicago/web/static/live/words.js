// Words of the pages around a table with people (new table, join): through t().
import { BOT_NAMES } from '../faces.js';
import { t } from '../i18n.js';
import { DEFAULT_LEVEL, levelName } from '../levels.js';

/** The page's words: i18n.js has read the catalog the page embeds (base.html, in the page's
 * language) when it loaded, so there is nothing to ask the server for (it used to be asked
 * twice, one request after the other, before the table). Kept for its callers. */
export async function loadCatalog() { /* the embedded catalog is already in use */ }

/** A bot's name as the table says it, with its level: "Bengt (bot, normal)". */
export function botName(player) {
  const bot = BOT_NAMES[player.seat - 1] || t('Seat {n}', { n: player.seat });
  return t('{name} (bot, {level})', { name: bot, level: levelName(player.level || DEFAULT_LEVEL) });
}

/** A seat's name: the person's, the bot's table name with its level, or "Free seat". */
export function seatName(player) {
  if (!player) return '';
  if (player.kind === 'bot') return botName(player);
  if (!player.name) return t('Free seat');
  return player.name;
}

