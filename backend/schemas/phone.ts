// One written form per phone number, so every way of writing it is the same customer: Nigerian numbers keep
// their national form (a leading 0, as staff read them), others the international form.

const SEPARATORS = /[\s\-.()/]/g;

/** What the spec's length limits count. */
export function phoneDigits(raw: string) {
  return raw.replace(SEPARATORS, "");
}

export function normalisePhone(raw: string): string | null {
  const typed = phoneDigits(raw);
  const international = /^(?:\+|00)(\d+)$/.exec(typed);
  if (international) {
    const digits = international[1];
    if (digits.startsWith("234")) {
      // "+234 0812…" is a common way of writing it: the trunk 0 is not part of the number.
      const national = digits.slice(3).replace(/^0/, "");
      return /^[1-9]\d{6,9}$/.test(national) ? `0${national}` : null;
    }
    return /^[1-9]\d{6,14}$/.test(digits) ? `+${digits}` : null;
  }
  if (/^0[1-9]\d{6,9}$/.test(typed)) return typed;
  // A mobile number typed without its trunk 0 (812 999 9999).
  if (/^[789][01]\d{8}$/.test(typed)) return `0${typed}`;
  return null;
}

/** So every way of writing a number that `normalisePhone` accepts also finds it. */
export function phoneSearchTerm(search: string): string | null {
  if (!/^[+\d\s\-.()/]+$/.test(search) || !/\d/.test(search)) return null;
  const typed = phoneDigits(search);
  // "+234 803…", "00234 803…" and a bare "234803…" of a whole number are the national "0803…".
  const country = /^(\+|00)?234(\d*)$/.exec(typed);
  const national =
    country && (country[1] || country[2].length >= 10) ? `0${country[2].replace(/^0/, "")}` : typed;
  return normalisePhone(national) ?? national;
}
