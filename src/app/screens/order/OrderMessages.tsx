/**
 * What the order form says about its calls: the recalculation's message (with the server's code
 * for LEGS_MISMATCH and the like), then a refused submit's, unless it says the same thing.
 */
export function OrderMessages({
  calcText,
  serverCode,
  submitText,
}: {
  calcText: string | null;
  serverCode: string | null;
  submitText: string | null;
}) {
  return (
    <>
      {calcText !== null && (
        <p className="field-error" role="alert" data-code={serverCode ?? undefined}>
          {calcText}
        </p>
      )}
      {/* A submit is often refused for the reason the recalculation already shows (a plan that
          changed meanwhile): one message, not the same one twice. */}
      {submitText !== null && submitText !== calcText && (
        <p className="field-error" role="alert">
          {submitText}
        </p>
      )}
    </>
  );
}
