/**
 * An Indian number plate as painted: 'MH12AB1234' → 'MH 12 AB 1234', the Bharat series
 * '22BH1234AA' → '22 BH 1234 AA'. Anything else is shown as typed, in capitals.
 */
export function formatNumberPlate(plate: string): string {
  const typed = plate.trim().toUpperCase();
  // grouped by the owner already (e.g. Delhi's 'DL 3C AB 1234'): keep their grouping
  if (/[\s.-]/.test(typed)) return typed.split(/[\s.-]+/).join(' ');
  const state = /^([A-Z]{2})(\d{1,2})([A-Z]{0,3})(\d{1,4})$/.exec(typed);
  if (state) return state.slice(1).filter(Boolean).join(' ');
  const bharat = /^(\d{2})(BH)(\d{4})([A-Z]{1,2})$/.exec(typed);
  if (bharat) return bharat.slice(1).join(' ');
  return typed;
}
