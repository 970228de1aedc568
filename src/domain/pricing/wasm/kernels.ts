/**
 * The domain's WebAssembly kernels (`*.as.ts` in this folder, compiled into `kernels.wasm.ts` by
 * `npm run build:wasm`), instantiated on first use with their tables copied in from the JavaScript
 * modules that compute them. Instantiation is synchronous, so the batch functions stay
 * plain functions; the server and its workers use them, the app never loads them. The memory never
 * grows (the kernels allocate nothing), so views of it stay valid for the life of the process.
 */
import { INV_C, LN_C, POW2_NEG } from '../log-table.ts';
import { CDF_NODES, PDF_NODES } from '../normal-table.ts';
import { KERNELS_WASM } from './kernels.wasm.ts';

/** The part of the WebAssembly API used here; the server's type libraries do not declare it. */
declare const WebAssembly: {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object) => { readonly exports: unknown };
};

/** What the kernels export (`bs-fast-rows.as.ts`, `american-rows.as.ts`, `tables.as.ts`). */
export interface Kernels {
  readonly memory: { readonly buffer: ArrayBuffer };
  blockRows(): number;
  columns(): number;
  isCallColumn(): number;
  leftRows(): number;
  priceRows(n: number, hasLnK: number): number;
  americanRows(n: number): number;
  ln(x: number): number;
  tables(k: number): number;
}

let kernels: Kernels | undefined;

export function wasmKernels(): Kernels {
  kernels ??= instantiate();
  return kernels;
}

function instantiate(): Kernels {
  const bytes = Uint8Array.from(atob(KERNELS_WASM), (c) => c.charCodeAt(0));
  const wasm = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as Kernels;
  const { buffer } = wasm.memory;
  const nodes = wasm.tables(0);
  new Float64Array(buffer, nodes, CDF_NODES.length).set(CDF_NODES);
  new Float64Array(buffer, nodes + CDF_NODES.byteLength, PDF_NODES.length).set(PDF_NODES);
  for (const [k, table] of [LN_C, INV_C, POW2_NEG].entries()) {
    new Float64Array(buffer, wasm.tables(k + 1), table.length).set(table);
  }
  return wasm;
}
