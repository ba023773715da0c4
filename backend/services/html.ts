/** Text made safe to place in HTML (an element's content or a quoted attribute). */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
