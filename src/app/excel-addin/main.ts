/**
 * The Excel add-in's page (excel-addin.html, docs/ADDIN.md): Excel loads it once per workbook in
 * the add-in's shared runtime, where it registers the cell functions, and shows it as the
 * OptionScout pane, where the user pastes the access token the integrations page made. The token
 * stays in this runtime's storage, on the user's computer.
 */
import { EXCEL_FUNCTION_IDS, EXCEL_REFRESH_MS } from '#api/excel-addin.ts';
import { CellError, type CellKind, type Cells, type CellValue, cellFigures } from './cell-figures.ts';

const TOKEN_KEY = 'optionscout.addinToken';

/** The parts of Office's script (office.js) the page uses. */
interface StreamingInvocation {
  setResult(value: CellValue[][] | Error): void;
  onCanceled?: () => void;
}
interface CustomFunctionsApi {
  associate(
    id: string,
    fn: (cells: Cells, field: string | null, invocation: StreamingInvocation) => void,
  ): void;
  Error: new (code: string, message?: string) => Error;
  ErrorCode: { readonly notAvailable: string };
}
interface OfficeApi {
  onReady(): Promise<unknown>;
}

const storedToken = (): string | null => {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
};

const figures = cellFigures({
  origin: location.origin,
  token: storedToken,
  fetch: (input, init) => fetch(input, init),
  now: () => Date.now(),
});

/** A streaming cell function: its figures now, and again every minute while the formula stays. */
function streamingFunction(cf: CustomFunctionsApi, kind: CellKind) {
  return (cells: Cells, field: string | null, invocation: StreamingInvocation) => {
    const show = () =>
      figures.read(kind, cells, field).then(
        (values) => invocation.setResult(values),
        (error: unknown) =>
          invocation.setResult(
            new cf.Error(
              cf.ErrorCode.notAvailable,
              error instanceof CellError ? error.message : 'OptionScout cannot be reached.',
            ),
          ),
      );
    void show();
    const timer = setInterval(() => void show(), EXCEL_REFRESH_MS);
    invocation.onCanceled = () => clearInterval(timer);
  };
}

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`excel-addin.html has no #${id}`);
  return found as T;
}

/** The pane: the token field, and what the add-in knows of it. */
function showPane(): void {
  const form = element<HTMLFormElement>('token-form');
  const input = element<HTMLInputElement>('token');
  const forget = element<HTMLButtonElement>('forget');
  const status = element<HTMLParagraphElement>('status');
  const describe = (message?: string) => {
    const token = storedToken();
    forget.hidden = token === null;
    status.textContent =
      message ??
      (token === null
        ? 'No access token yet: make one on OptionScout’s Excel integration page and paste it above.'
        : `Using the token ending in ${token.slice(-4)}.`);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const token = input.value.trim();
    if (!/^osa_[\w-]{20,}$/.test(token)) {
      describe(
        'That is not an OptionScout access token: it starts with osa_. Copy it again from the integrations page.',
      );
      return;
    }
    localStorage.setItem(TOKEN_KEY, token);
    input.value = '';
    // A quote proves the token works (and that the plan includes the add-in).
    figures.read('quotes', [['SPY']], 'last').then(
      (values) => describe(`Token saved. SPY last: ${values[0]?.[0]}. Type =OS.QUOTE("AAPL") in a cell.`),
      (error: unknown) => describe(error instanceof Error ? error.message : 'OptionScout cannot be reached.'),
    );
  });
  forget.addEventListener('click', () => {
    localStorage.removeItem(TOKEN_KEY);
    describe();
  });
  describe();
}

showPane();
const office = Reflect.get(globalThis, 'Office') as OfficeApi | undefined;
// Outside Excel (a browser opening the page) there is no Office script: the pane only.
void office?.onReady().then(() => {
  const cf = Reflect.get(globalThis, 'CustomFunctions') as CustomFunctionsApi | undefined;
  if (!cf) return;
  cf.associate(EXCEL_FUNCTION_IDS.quote, streamingFunction(cf, 'quotes'));
  cf.associate(EXCEL_FUNCTION_IDS.option, streamingFunction(cf, 'options'));
});
