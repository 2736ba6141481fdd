import { checkVAT, countries } from 'jsvat';

/**
 * A VAT id's format, checked by `jsvat` (the country's pattern and check digits, offline): what
 * staff type is normalised (spaces, dots and dashes out, upper case). Whether the id is live is
 * the EU's online VIES check, which this shop cannot reach: staff confirm it and the date is kept.
 */
export function checkVatId(typed: string): { ok: true; vatId: string } | { ok: false } {
  const vatId = typed.replace(/[\s.-]/g, '').toUpperCase();
  const result = checkVAT(vatId, countries);
  return result.isValid ? { ok: true, vatId } : { ok: false };
}
