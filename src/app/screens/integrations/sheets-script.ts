/**
 * The Google Sheets add-in (docs/ADDIN.md): an Apps Script the user pastes into a spreadsheet
 * (Extensions → Apps Script), with this server's address written in. It adds the cell functions
 * OSQUOTE and OSOPTION, which read `GET /addin/quotes` and `GET /addin/options` with the user's
 * add-in token (kept in the user's own script properties, set from the OptionScout menu), one call
 * for a whole range, each name's answer cached for a minute (Sheets recalculates often; quotes
 * move by the second).
 */

import { ADDIN_OPTION_FIELDS, ADDIN_QUOTE_FIELDS } from '#api/addin-fields.ts';

/** The fields OSQUOTE and OSOPTION read, as the cell functions name them. */
export const QUOTE_FIELDS = Object.keys(ADDIN_QUOTE_FIELDS);
export const OPTION_FIELDS = Object.keys(ADDIN_OPTION_FIELDS);

/** The script for a server at `origin` (e.g. https://app.example.com). */
export function sheetsScript(origin: string): string {
  return `/**
 * OptionScout for Google Sheets: live stock and option figures in cells.
 *   =OSQUOTE("AAPL")                 last price (or a range of symbols: one call for all)
 *   =OSQUOTE("AAPL", "iv_rank")      ${QUOTE_FIELDS.join(', ')}
 *   =OSOPTION("AAPL261218C200", "delta")   ${OPTION_FIELDS.join(', ')}
 * Set your access token once: OptionScout menu → Set access token (from OptionScout's
 * Excel/Sheets integration page). Figures are cached for a minute.
 */
var OPTIONSCOUT_URL = ${JSON.stringify(origin.replace(/\/+$/, ''))};
var OPTIONSCOUT_QUOTE_FIELDS = ${JSON.stringify(ADDIN_QUOTE_FIELDS)};
var OPTIONSCOUT_OPTION_FIELDS = ${JSON.stringify(ADDIN_OPTION_FIELDS)};

function onOpen() {
  SpreadsheetApp.getUi().createMenu('OptionScout').addItem('Set access token', 'optionScoutSetToken').addToUi();
}

function optionScoutSetToken() {
  var ui = SpreadsheetApp.getUi();
  var answer = ui.prompt('OptionScout access token', 'Paste the token from OptionScout, Excel/Sheets integration.', ui.ButtonSet.OK_CANCEL);
  if (answer.getSelectedButton() === ui.Button.OK) {
    PropertiesService.getUserProperties().setProperty('OPTIONSCOUT_TOKEN', answer.getResponseText().trim());
  }
}

/**
 * The answers for the names given, in order: from the cache, each name on its own (a key of all
 * the names would pass the cache's 250-character limit), and the names not cached in one call.
 */
function optionScoutFetch_(kind, param, names) {
  var cache = CacheService.getUserCache();
  var keys = names.map(function (n) { return kind + ':' + n; });
  var hits = cache.getAll(keys);
  var missing = names.filter(function (n, i) { return typeof hits[keys[i]] !== 'string'; });
  var fetched = {};
  if (missing.length) {
    var token = PropertiesService.getUserProperties().getProperty('OPTIONSCOUT_TOKEN');
    if (!token) throw new Error('Set your OptionScout access token: OptionScout menu, Set access token.');
    var response = UrlFetchApp.fetch(OPTIONSCOUT_URL + '/api/v1/addin/' + kind + '?' + param + '=' + encodeURIComponent(missing.join(',')), {
      method: 'get',
      headers: { Authorization: 'Bearer ' + token },
      muteHttpExceptions: true,
    });
    var status = response.getResponseCode();
    var body = JSON.parse(response.getContentText() || '{}');
    if (status !== 200) throw new Error('OptionScout: ' + (body.message || 'HTTP ' + status));
    var items = body[kind];
    var entries = {};
    missing.forEach(function (n, i) {
      fetched[n] = items[i] === undefined ? null : items[i];
      entries[kind + ':' + n] = JSON.stringify(fetched[n]);
    });
    cache.putAll(entries, 60);
  }
  return names.map(function (n, i) { return n in fetched ? fetched[n] : JSON.parse(hits[keys[i]]); });
}

/** A cell or a range of cells, as a flat list of upper-case names and a way to shape answers back. */
function optionScoutCells_(input) {
  var grid = Array.isArray(input) ? input : [[input]];
  var names = [];
  grid.forEach(function (row) { row.forEach(function (cell) { if (cell !== '' && cell !== null) names.push(String(cell).trim().toUpperCase()); }); });
  return { grid: grid, names: names.filter(function (n, i) { return names.indexOf(n) === i; }) };
}

function optionScoutRead_(kind, param, fields, input, field) {
  var name = fields[String(field || (kind === 'quotes' ? 'last' : 'mid')).toLowerCase()];
  if (!name) throw new Error('Unknown field ' + field + '. Use one of: ' + Object.keys(fields).join(', '));
  var cells = optionScoutCells_(input);
  if (cells.names.length > 100) throw new Error('At most 100 names in one call.');
  var items = cells.names.length ? optionScoutFetch_(kind, param, cells.names) : [];
  var values = {};
  cells.names.forEach(function (n, i) { values[n] = items[i] ? items[i][name] : 'Not listed'; });
  var out = cells.grid.map(function (row) {
    return row.map(function (cell) { return cell === '' || cell === null ? '' : values[String(cell).trim().toUpperCase()]; });
  });
  return Array.isArray(input) ? out : out[0][0];
}

/**
 * A stock's figure from OptionScout.
 * @param {string|Array} symbol Ticker, e.g. "AAPL", or a range of tickers.
 * @param {string} field ${QUOTE_FIELDS.join(', ')} (default last).
 * @return The figure, or a range of them.
 * @customfunction
 */
function OSQUOTE(symbol, field) {
  return optionScoutRead_('quotes', 'symbols', OPTIONSCOUT_QUOTE_FIELDS, symbol, field);
}

/**
 * An option's figure from OptionScout.
 * @param {string|Array} contract Option id, e.g. "AAPL261218C200", or a range of them.
 * @param {string} field ${OPTION_FIELDS.join(', ')} (default mid).
 * @return The figure, or a range of them.
 * @customfunction
 */
function OSOPTION(contract, field) {
  return optionScoutRead_('options', 'contracts', OPTIONSCOUT_OPTION_FIELDS, contract, field);
}
`;
}
