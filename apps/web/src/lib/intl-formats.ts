/**
 * Intl formatters, made once per locale and options. Building one costs far more than using it
 * (a list of twenty events built sixty: a tenth of home's first-render script time on a phone).
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function once<T>(made: Map<string, T>, locale: string | undefined, options: object, make: () => T): T {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = made.get(key);
  if (!format) {
    format = make();
    made.set(key, format);
  }
  return format;
}

export const dateTimeFormat = (locale: string | undefined, options: Intl.DateTimeFormatOptions) =>
  once(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));

export const numberFormat = (locale: string | undefined, options: Intl.NumberFormatOptions) =>
  once(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
