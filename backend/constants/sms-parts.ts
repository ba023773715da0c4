// How many SMS a text costs: GSM-7 fits 160 characters in one message and 153 in each part of a longer one;
// a single character outside it (an emoji, "₦", curly quotes) makes the whole text UCS-2, 70 and 67. Pure, so
// the template editor counts as one types with the same rule the server shows.

const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
// Each of these takes two of the 160 (an escape, then the character).
const GSM_EXTENDED = "^{}\\[~]|€\f";

const basic = new Set(GSM_BASIC);
const extended = new Set(GSM_EXTENDED);

export interface SmsLength {
  encoding: "GSM-7" | "UCS-2";
  /** Characters as the network counts them: two for an extended GSM character; UTF-16 units for UCS-2. */
  characters: number;
  parts: number;
  /** Characters one part holds for this text. */
  perPart: number;
}

export function smsLength(text: string): SmsLength {
  let units = 0;
  let gsm = true;
  for (const character of text) {
    if (basic.has(character)) units += 1;
    else if (extended.has(character)) units += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    const parts = units <= 160 ? 1 : Math.ceil(units / 153);
    return {
      encoding: "GSM-7",
      characters: units,
      parts: units === 0 ? 0 : parts,
      perPart: parts > 1 ? 153 : 160,
    };
  }
  const characters = text.length;
  const parts = characters <= 70 ? 1 : Math.ceil(characters / 67);
  return { encoding: "UCS-2", characters, parts, perPart: parts > 1 ? 67 : 70 };
}

export const smsLengthText = (length: SmsLength) =>
  `${length.characters} characters, ${length.parts} SMS (${length.encoding})`;
