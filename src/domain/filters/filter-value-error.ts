/** A filter value that is malformed or of an unknown type; carries the filter key it belongs to. */
export class FilterValueError extends Error {
  readonly filter: string;

  constructor(filter: string, message: string) {
    super(`Filter ${filter}: ${message}`);
    this.name = 'FilterValueError';
    this.filter = filter;
  }
}
