import { curpCheckDigit } from '@prestaya/domain';

/**
 * CURP-shaped identifiers for the demo customers, built the way RENAPO builds them so they look right
 * to Mexican staff and pass the product's CURP check (structure, date, sex, state, check digit):
 * 1–4 initials (paternal surname's first letter and first inner vowel, maternal surname's first letter,
 * given name's first letter — the second name for "María …"/"José …"), 5–10 birth date YYMMDD, 11 sex
 * (H/M), 12–13 state of birth, 14–16 first inner consonants of the three names, 17 homoclave (a digit for
 * people born before 2000, a letter after), 18 check digit.
 */

export interface CurpPerson {
  name: string;
  lastName: string;
  secondLastName: string | null;
  /** YYYY-MM-DD */
  birthDate: string;
  sex: 'H' | 'M';
  /** Two-letter RENAPO state code (PL Puebla, DF Ciudad de México, VZ Veracruz…). */
  stateCode: string;
}

const VOWELS = new Set(['A', 'E', 'I', 'O', 'U']);

/** Four-letter starts RENAPO never issues; their second letter becomes X. */
// biome-ignore format: a word list reads best packed
const INCONVENIENT = new Set([
  'BACA', 'BAKA', 'BUEI', 'BUEY', 'CACA', 'CACO', 'CAGA', 'CAGO', 'CAKA', 'CAKO', 'COGE', 'COGI', 'COJA',
  'COJE', 'COJI', 'COJO', 'COLA', 'CULO', 'FALO', 'FETO', 'GETA', 'GUEI', 'GUEY', 'JETA', 'JOTO', 'KACA',
  'KACO', 'KAGA', 'KAGO', 'KAKA', 'KAKO', 'KOGE', 'KOGI', 'KOJA', 'KOJE', 'KOJI', 'KOJO', 'KOLA', 'KULO',
  'LILO', 'LOCA', 'LOCO', 'LOKA', 'LOKO', 'MAME', 'MAMO', 'MEAR', 'MEAS', 'MEON', 'MIAR', 'MION', 'MOCO',
  'MOKO', 'MULA', 'MULO', 'NACA', 'NACO', 'PEDA', 'PEDO', 'PENE', 'PIPI', 'PITO', 'POPO', 'PUTA', 'PUTO',
  'QULO', 'RATA', 'ROBA', 'ROBE', 'ROBO', 'RUIN', 'SENO', 'TETA', 'VACA', 'VAGA', 'VAGO', 'VAKA', 'VUEI',
  'VUEY', 'WUEI', 'WUEY',
]);

/** Upper case, accents removed, Ñ kept apart (RENAPO writes it as X). */
function plain(text: string): string {
  return text
    .toUpperCase()
    .replace(/Ñ/g, '#')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/#/g, 'X')
    .replace(/[^A-Z ]/g, '');
}

function firstInner(word: string, wanted: (letter: string) => boolean): string {
  for (const letter of word.slice(1)) if (wanted(letter)) return letter;
  return 'X';
}

const isVowel = (letter: string) => VOWELS.has(letter);
const isConsonant = (letter: string) => !VOWELS.has(letter);

/** "María Fernanda" counts as Fernanda, "José Luis" as Luis. */
function givenName(name: string): string {
  const words = plain(name).split(' ').filter(Boolean);
  const [first, second] = words;
  if (second && ['MARIA', 'MA', 'JOSE', 'J'].includes(first ?? '')) return second;
  return first ?? 'X';
}

/** A CURP for the person; `homoclave` (0–35) tells apart two people whose other 16 characters match. */
export function buildCurp(person: CurpPerson, homoclave: number): string {
  const paternal = plain(person.lastName).replace(/ /g, '');
  const maternal = person.secondLastName ? plain(person.secondLastName).replace(/ /g, '') : '';
  const name = givenName(person.name);
  let initials = `${paternal[0] ?? 'X'}${firstInner(paternal, isVowel)}${maternal[0] ?? 'X'}${name[0] ?? 'X'}`;
  if (INCONVENIENT.has(initials)) initials = `${initials[0]}X${initials.slice(2)}`;
  const [year, month, day] = person.birthDate.split('-');
  const consonants = `${firstInner(paternal, isConsonant)}${maternal ? firstInner(maternal, isConsonant) : 'X'}${firstInner(name, isConsonant)}`;
  const bornAfter1999 = Number(year) >= 2000;
  const slot = homoclave % (bornAfter1999 ? 26 : 10);
  const homo = bornAfter1999 ? String.fromCharCode(65 + slot) : String(slot);
  const first17 = `${initials}${year?.slice(2)}${month}${day}${person.sex}${person.stateCode}${consonants}${homo}`;
  return `${first17}${curpCheckDigit(first17)}`;
}
