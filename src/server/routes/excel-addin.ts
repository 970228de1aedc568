/**
 * The Excel add-in's files (docs/ADDIN.md), outside the API: its manifest, written for this
 * server's public address, and its cell functions' metadata, which the manifest names. Neither
 * holds anything of a user; the add-in signs in with the token its pane keeps.
 */
import type { FastifyInstance } from 'fastify';
import { EXCEL_FUNCTIONS_PATH, EXCEL_MANIFEST_PATH, excelFunctionsMetadata } from '#api/excel-addin.ts';
import { excelManifest } from '../addin/excel-manifest.ts';

export function excelAddinRoutes(app: FastifyInstance, deps: { publicUrl: string }): void {
  const origin = deps.publicUrl.replace(/\/+$/, '');
  const manifest = excelManifest(origin);
  const metadata = JSON.stringify(excelFunctionsMetadata(origin));

  app.get(EXCEL_MANIFEST_PATH, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-disposition', 'attachment; filename="optionscout-excel-addin.xml"')
      .send(manifest),
  );

  // Excel reads it from its add-in runtime, a page of this origin.
  app.get(EXCEL_FUNCTIONS_PATH, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(metadata),
  );
}
