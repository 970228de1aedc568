// @vitest-environment jsdom
/**
 * The Excel add-in's manifest and functions' metadata (docs/ADDIN.md): well-formed XML, every
 * address on this server's, one page as the shared runtime for the functions and the pane, an id
 * per server, and metadata naming the functions the add-in's page registers.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ADDIN_OPTION_FIELDS, ADDIN_QUOTE_FIELDS } from '#api/addin-fields.ts';
import {
  EXCEL_FUNCTION_IDS,
  EXCEL_FUNCTIONS_PATH,
  EXCEL_NAMESPACE,
  EXCEL_PAGE_PATH,
  excelFunctionsMetadata,
} from '#api/excel-addin.ts';
import { excelAddinId, excelManifest } from '#server/addin/excel-manifest.ts';
import { projectRoot } from '#server/config.ts';

const ORIGIN = 'https://options.example.com';
const parse = (xml: string) => new DOMParser().parseFromString(xml, 'application/xml');
const manifest = parse(excelManifest(ORIGIN));
/** The manifest's resource of `id` (a url, an image or a string). */
const resource = (id: string) => manifest.querySelector(`[id="${id}"]`)?.getAttribute('DefaultValue');

describe('the Excel add-in manifest', () => {
  test('is well-formed XML of a task pane add-in for Excel needing the shared runtime', () => {
    expect(manifest.querySelector('parsererror')).toBeNull();
    const app = manifest.documentElement;
    expect(app.localName).toBe('OfficeApp');
    expect(app.getAttribute('xsi:type')).toBe('TaskPaneApp');
    expect([...manifest.querySelectorAll('Hosts > Host[Name]')].map((h) => h.getAttribute('Name'))).toEqual([
      'Workbook',
    ]);
    const shared = manifest.querySelector('Requirements Set[Name="SharedRuntime"]');
    expect(shared?.getAttribute('MinVersion')).toBe('1.1');
  });

  test('every address it names is on this server, and the files it names exist', () => {
    const addresses = [...manifest.querySelectorAll('[DefaultValue^="http"]')].map(
      (el) => el.getAttribute('DefaultValue') ?? '',
    );
    expect(addresses.length).toBeGreaterThan(8);
    for (const address of addresses) expect(address.startsWith(`${ORIGIN}/`), address).toBe(true);
    expect(manifest.querySelector('AppDomain')?.textContent).toBe(ORIGIN);
    for (const icon of addresses.filter((a) => a.endsWith('.png')))
      expect(existsSync(join(projectRoot, 'public', new URL(icon).pathname)), icon).toBe(true);
    expect(existsSync(join(projectRoot, EXCEL_PAGE_PATH))).toBe(true);
  });

  test('one page runs the functions and shows the pane, in a runtime that lives with the workbook', () => {
    expect(resource('Shared.Url')).toBe(`${ORIGIN}${EXCEL_PAGE_PATH}`);
    const runtime = manifest.querySelector('Runtimes > Runtime');
    expect(runtime?.getAttribute('resid')).toBe('Shared.Url');
    expect(runtime?.getAttribute('lifetime')).toBe('long');
    const functions = [...manifest.querySelectorAll('ExtensionPoint')].find(
      (point) => point.getAttribute('xsi:type') === 'CustomFunctions',
    );
    for (const part of ['Script', 'Page'])
      expect(functions?.querySelector(`${part} > SourceLocation`)?.getAttribute('resid')).toBe('Shared.Url');
    expect(manifest.querySelector('FunctionFile')?.getAttribute('resid')).toBe('Shared.Url');
    expect(manifest.querySelector('Action > SourceLocation')?.getAttribute('resid')).toBe('Shared.Url');
    expect(resource('Functions.Metadata.Url')).toBe(`${ORIGIN}${EXCEL_FUNCTIONS_PATH}`);
    expect(resource('Functions.Namespace')).toBe(EXCEL_NAMESPACE);
  });

  test('each server has its own add-in id, the same at every start', () => {
    const id = manifest.querySelector('Id')?.textContent ?? '';
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(excelAddinId(ORIGIN)).toBe(id);
    expect(excelAddinId('https://other.example.com')).not.toBe(id);
  });

  test('an address with characters XML reserves stays well-formed', () => {
    const odd = parse(excelManifest('https://example.com/a&b'));
    expect(odd.querySelector('parsererror')).toBeNull();
    expect(odd.querySelector('AppDomain')?.textContent).toBe('https://example.com/a&b');
  });
});

describe('the functions’ metadata', () => {
  const metadata = excelFunctionsMetadata(ORIGIN);

  test('names the functions the page registers, each streaming and taking a range', () => {
    expect(metadata.functions.map((f) => f.id)).toEqual(Object.values(EXCEL_FUNCTION_IDS));
    for (const f of metadata.functions) {
      expect(f.name).toBe(f.id);
      expect(f.options).toEqual({ stream: true, cancelable: true });
      expect(f.parameters[0]).toMatchObject({ dimensionality: 'matrix' });
      expect(f.result.dimensionality).toBe('matrix');
      expect(f.helpUrl).toBe(`${ORIGIN}/integrations/excel`);
    }
  });

  test('each function’s field lists every figure it reads', () => {
    const [quote, option] = metadata.functions;
    for (const name of Object.keys(ADDIN_QUOTE_FIELDS))
      expect(quote?.parameters[1]?.description).toContain(name);
    for (const name of Object.keys(ADDIN_OPTION_FIELDS))
      expect(option?.parameters[1]?.description).toContain(name);
  });
});
