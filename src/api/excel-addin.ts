/**
 * The Excel add-in's cell functions as Excel learns them (docs/ADDIN.md): the ids the add-in's
 * script registers its functions under, and the metadata the server answers at
 * `/addin/excel/functions.json`, which the manifest names. The formulas read `OS.QUOTE` and
 * `OS.OPTION` (the manifest's namespace, `OS`, comes first).
 */
import { ADDIN_MAX_ITEMS, ADDIN_OPTION_FIELDS, ADDIN_QUOTE_FIELDS } from './addin-fields.ts';

export const EXCEL_NAMESPACE = 'OS';
/** The manifest a user uploads to Excel, the functions' metadata it names, and the add-in's page. */
export const EXCEL_MANIFEST_PATH = '/addin/excel/manifest.xml';
export const EXCEL_FUNCTIONS_PATH = '/addin/excel/functions.json';
export const EXCEL_PAGE_PATH = '/excel-addin.html';
export const EXCEL_FUNCTION_IDS = { quote: 'QUOTE', option: 'OPTION' } as const;
/** How often a cell's figures are read again while its formula is in a sheet. */
export const EXCEL_REFRESH_MS = 60_000;

const field = (fields: object, fallback: string) => ({
  name: 'field',
  description: `${Object.keys(fields).join(', ')} (${fallback} when left out).`,
  type: 'string',
  optional: true,
});

/** Office's custom-functions metadata (schema of functions.json) for a server at `origin`. */
export function excelFunctionsMetadata(origin: string) {
  const helpUrl = `${origin}/integrations/excel`;
  const streaming = { stream: true, cancelable: true };
  return {
    allowCustomDataForDataTypeAny: true,
    functions: [
      {
        id: EXCEL_FUNCTION_IDS.quote,
        name: EXCEL_FUNCTION_IDS.quote,
        description: `A stock's figure from OptionScout, refreshed every minute; a range of up to ${ADDIN_MAX_ITEMS} tickers in one formula.`,
        helpUrl,
        result: { type: 'any', dimensionality: 'matrix' },
        parameters: [
          {
            name: 'symbols',
            description: 'A ticker, e.g. "AAPL", or a range of tickers.',
            type: 'any',
            dimensionality: 'matrix',
          },
          field(ADDIN_QUOTE_FIELDS, 'last'),
        ],
        options: streaming,
      },
      {
        id: EXCEL_FUNCTION_IDS.option,
        name: EXCEL_FUNCTION_IDS.option,
        description: `An option's figure from OptionScout, refreshed every minute; a range of up to ${ADDIN_MAX_ITEMS} option ids in one formula.`,
        helpUrl,
        result: { type: 'any', dimensionality: 'matrix' },
        parameters: [
          {
            name: 'contracts',
            description: 'An option id, e.g. "AAPL261218C200", or a range of them.',
            type: 'any',
            dimensionality: 'matrix',
          },
          field(ADDIN_OPTION_FIELDS, 'mid'),
        ],
        options: streaming,
      },
    ],
  };
}
