/**
 * The Excel add-in's manifest (docs/ADDIN.md): the file a user uploads to Excel (Home → Add-ins →
 * My Add-ins → Upload My Add-in), written for this server's address. It declares one page,
 * excel-addin.html, as the add-in's shared runtime: the page registers the cell functions
 * (namespace `OS`, metadata at /addin/excel/functions.json) and is the OptionScout pane a button
 * of the Home tab opens. Office loads add-ins over https only.
 */
import { createHash } from 'node:crypto';
import { EXCEL_FUNCTIONS_PATH, EXCEL_NAMESPACE, EXCEL_PAGE_PATH } from '#api/excel-addin.ts';

/** Raise it when the manifest changes, so Office takes the new one. */
const VERSION = '1.0.0.0';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/**
 * The add-in's id, one per server address: two OptionScout servers' add-ins are two add-ins to
 * Office, and a server keeps its id across restarts (a GUID of version 5's form, from SHA-256).
 */
export function excelAddinId(origin: string): string {
  const h = createHash('sha256').update(`optionscout-excel-addin:${origin}`).digest('hex');
  const variant = ((Number.parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The ribbon's icons of the group and its button (the images are the Resources' below). */
const ICONS = [
  '<Icon>',
  ...[16, 32, 80].map((n) => `  <bt:Image size="${n}" resid="Icon.${n}x${n}"/>`),
  '</Icon>',
]
  .map((line) => `                ${line}`)
  .join('\n');

/** The manifest for a server at `origin` (scheme, host and port, no trailing slash). */
export function excelManifest(origin: string): string {
  const url = (path: string) => escapeXml(`${origin}${path}`);
  const host = escapeXml(origin);
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<OfficeApp xmlns="http://schemas.microsoft.com/office/appforoffice/1.1"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:bt="http://schemas.microsoft.com/office/officeappbasictypes/1.0"
  xmlns:ov="http://schemas.microsoft.com/office/taskpaneappversionoverrides" xsi:type="TaskPaneApp">
  <Id>${excelAddinId(origin)}</Id>
  <Version>${VERSION}</Version>
  <ProviderName>OptionScout</ProviderName>
  <DefaultLocale>en-US</DefaultLocale>
  <DisplayName DefaultValue="OptionScout"/>
  <Description DefaultValue="Stock and option figures from OptionScout in cells: =OS.QUOTE and =OS.OPTION."/>
  <IconUrl DefaultValue="${url('/icons/icon-32.png')}"/>
  <HighResolutionIconUrl DefaultValue="${url('/icons/icon-64.png')}"/>
  <SupportUrl DefaultValue="${url('/integrations/excel')}"/>
  <AppDomains>
    <AppDomain>${host}</AppDomain>
  </AppDomains>
  <Hosts>
    <Host Name="Workbook"/>
  </Hosts>
  <Requirements>
    <Sets DefaultMinVersion="1.1">
      <Set Name="SharedRuntime" MinVersion="1.1"/>
    </Sets>
  </Requirements>
  <DefaultSettings>
    <SourceLocation DefaultValue="${url(EXCEL_PAGE_PATH)}"/>
  </DefaultSettings>
  <Permissions>ReadWriteDocument</Permissions>
  <VersionOverrides xmlns="http://schemas.microsoft.com/office/taskpaneappversionoverrides" xsi:type="VersionOverridesV1_0">
    <Hosts>
      <Host xsi:type="Workbook">
        <Runtimes>
          <Runtime resid="Shared.Url" lifetime="long"/>
        </Runtimes>
        <AllFormFactors>
          <ExtensionPoint xsi:type="CustomFunctions">
            <Script>
              <SourceLocation resid="Shared.Url"/>
            </Script>
            <Page>
              <SourceLocation resid="Shared.Url"/>
            </Page>
            <Metadata>
              <SourceLocation resid="Functions.Metadata.Url"/>
            </Metadata>
            <Namespace resid="Functions.Namespace"/>
          </ExtensionPoint>
        </AllFormFactors>
        <DesktopFormFactor>
          <GetStarted>
            <Title resid="GetStarted.Title"/>
            <Description resid="GetStarted.Description"/>
            <LearnMoreUrl resid="GetStarted.LearnMoreUrl"/>
          </GetStarted>
          <FunctionFile resid="Shared.Url"/>
          <ExtensionPoint xsi:type="PrimaryCommandSurface">
            <OfficeTab id="TabHome">
              <Group id="OptionScout.Group">
                <Label resid="Group.Label"/>
${ICONS}
                <Control xsi:type="Button" id="OptionScout.PaneButton">
                  <Label resid="PaneButton.Label"/>
                  <Supertip>
                    <Title resid="PaneButton.Label"/>
                    <Description resid="PaneButton.Tooltip"/>
                  </Supertip>
${ICONS}
                  <Action xsi:type="ShowTaskpane">
                    <TaskpaneId>OptionScoutPane</TaskpaneId>
                    <SourceLocation resid="Shared.Url"/>
                  </Action>
                </Control>
              </Group>
            </OfficeTab>
          </ExtensionPoint>
        </DesktopFormFactor>
      </Host>
    </Hosts>
    <Resources>
      <bt:Images>
        <bt:Image id="Icon.16x16" DefaultValue="${url('/icons/icon-16.png')}"/>
        <bt:Image id="Icon.32x32" DefaultValue="${url('/icons/icon-32.png')}"/>
        <bt:Image id="Icon.80x80" DefaultValue="${url('/icons/icon-80.png')}"/>
      </bt:Images>
      <bt:Urls>
        <bt:Url id="Shared.Url" DefaultValue="${url(EXCEL_PAGE_PATH)}"/>
        <bt:Url id="Functions.Metadata.Url" DefaultValue="${url(EXCEL_FUNCTIONS_PATH)}"/>
        <bt:Url id="GetStarted.LearnMoreUrl" DefaultValue="${url('/integrations/excel')}"/>
      </bt:Urls>
      <bt:ShortStrings>
        <bt:String id="Functions.Namespace" DefaultValue="${EXCEL_NAMESPACE}"/>
        <bt:String id="GetStarted.Title" DefaultValue="OptionScout is ready"/>
        <bt:String id="Group.Label" DefaultValue="OptionScout"/>
        <bt:String id="PaneButton.Label" DefaultValue="OptionScout"/>
      </bt:ShortStrings>
      <bt:LongStrings>
        <bt:String id="GetStarted.Description" DefaultValue="Open OptionScout on the Home tab, paste your access token, then type =OS.QUOTE(&quot;AAPL&quot;) in a cell."/>
        <bt:String id="PaneButton.Tooltip" DefaultValue="Paste your OptionScout access token and see the cell functions."/>
      </bt:LongStrings>
    </Resources>
  </VersionOverrides>
</OfficeApp>
`;
}
