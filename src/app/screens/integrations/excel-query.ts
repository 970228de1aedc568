/**
 * Excel today (docs/ADDIN.md): Power Query, in Excel for Windows and Mac, reads the add-in's calls
 * into a table that refreshes on demand (Data → Refresh All); a workbook made so refreshes in Excel
 * on the web too. The query the user pastes into the Advanced Editor, with this server's address.
 */
export function excelQuery(origin: string, token: string | null): string {
  const base = `${origin.replace(/\/+$/, '')}/api/v1/addin/quotes`;
  return `let
    Source = Json.Document(Web.Contents("${base}", [
        Query = [symbols = "AAPL,MSFT,KO"],
        Headers = [Authorization = "Bearer ${token ?? 'PASTE-YOUR-ACCESS-TOKEN'}"]
    ])),
    Quotes = Table.FromRecords(List.RemoveNulls(Source[quotes]))
in
    Quotes`;
}
