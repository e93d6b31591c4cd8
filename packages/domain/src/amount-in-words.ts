/**
 * An amount in words as Mexican promissory notes and contracts write it:
 * 360000 centavos → 'TRES MIL SEISCIENTOS PESOS 00/100 M.N.'. Up to $999,999,999.99.
 */
const UNITS = [
  '',
  'UN',
  'DOS',
  'TRES',
  'CUATRO',
  'CINCO',
  'SEIS',
  'SIETE',
  'OCHO',
  'NUEVE',
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISÉIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIÚN',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
];
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const HUNDREDS = [
  '',
  'CIENTO',
  'DOSCIENTOS',
  'TRESCIENTOS',
  'CUATROCIENTOS',
  'QUINIENTOS',
  'SEISCIENTOS',
  'SETECIENTOS',
  'OCHOCIENTOS',
  'NOVECIENTOS',
];

/** 1..999 in words ('' for 0). */
function belowThousand(n: number): string {
  if (n === 100) return 'CIEN';
  const hundreds = HUNDREDS[Math.floor(n / 100)] ?? '';
  const rest = n % 100;
  let tail = '';
  if (rest < 30) tail = UNITS[rest] ?? '';
  else {
    const unit = rest % 10;
    tail = `${TENS[Math.floor(rest / 10)]}${unit ? ` Y ${UNITS[unit]}` : ''}`;
  }
  return [hundreds, tail].filter(Boolean).join(' ');
}

/** A whole number of pesos in words ('CERO' for 0). */
export function integerInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > 999_999_999) throw new RangeError(`Cantidad inválida: ${n}`);
  if (n === 0) return 'CERO';
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor((n % 1_000_000) / 1_000);
  const rest = n % 1_000;
  const parts: string[] = [];
  if (millions) parts.push(millions === 1 ? 'UN MILLÓN' : `${belowThousand(millions)} MILLONES`);
  if (thousands) parts.push(thousands === 1 ? 'MIL' : `${belowThousand(thousands)} MIL`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

export function centsInWords(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Monto inválido: ${cents}`);
  const pesos = Math.floor(cents / 100);
  // 'UN MILLÓN DE PESOS', 'DOS MILLONES DE PESOS': a round million takes 'DE'.
  const words = integerInWords(pesos);
  const of = pesos >= 1_000_000 && pesos % 1_000_000 === 0 ? ' DE' : '';
  const unit = pesos === 1 ? 'PESO' : 'PESOS';
  return `${words}${of} ${unit} ${String(cents % 100).padStart(2, '0')}/100 M.N.`;
}
