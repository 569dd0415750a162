/*
 * "a" or "an" before a name, by how the first word sounds, not how it is spelt:
 * "an East Austin Hoopers event", "a Unified League event", "an hour", "an NBA night".
 * English has no complete rule; these cover the names people give teams and games.
 */

/** Words that start with a vowel letter but a consonant sound ("a one-off", "a European"). */
const consonantSoundPrefixes = [
  /^uni(?!n)/,
  /^u[bcfgklmprstvz][aeiou]/,
  /^use/,
  /^eu/,
  /^ewe/,
  /^one(?![a-z])/,
  /^once/,
  /^uk/,
  /^ur[aeiou]/,
  /^ouija/,
];
/** Words that start with a silent h ("an hour", "an honest game"). */
const silentH = /^(hour|honest|honou?r|heir)/;
/** Letters whose names start with a vowel sound, read out in an abbreviation ("an NBA night", "an MLS game"). */
const vowelSoundLetters = new Set('aefhilmnorsx');
/** Numbers said with a vowel sound first: eight, eleven, eighteen, eighty… ("an 8-a-side game", "an 11am run"). */
const vowelSoundNumber = /^(8|11(?!\d)|11\d{2}(?!\d)|18(?!\d)|18\d{2}(?!\d)|8\d*)/;

function isAbbreviation(word: string): boolean {
  return word.length >= 2 && word.length <= 5 && word === word.toUpperCase() && /^[A-Z]+$/.test(word);
}

function takesAn(phrase: string): boolean {
  const word =
    phrase
      .trim()
      .replace(/^[^\p{L}\p{N}]+/u, '')
      .split(/[\s-]/)[0] ?? '';
  if (!word) return false;
  if (/^\d/.test(word)) return vowelSoundNumber.test(word);
  if (isAbbreviation(word)) return vowelSoundLetters.has(word[0]!.toLowerCase());
  const lower = word.toLowerCase();
  if (silentH.test(lower)) return true;
  if (!/^[aeiou]/.test(lower)) return false;
  return !consonantSoundPrefixes.some((prefix) => prefix.test(lower));
}

/** The indefinite article for a phrase: "a" or "an", or "A"/"An" to start a sentence. */
export function indefiniteArticle(phrase: string, { capital = false }: { capital?: boolean } = {}): string {
  const article = takesAn(phrase) ? 'an' : 'a';
  return capital ? article[0]!.toUpperCase() + article.slice(1) : article;
}
