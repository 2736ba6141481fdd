import type { Fitment, PartSpec, PriceStep } from '@storefront/contract';

/**
 * The staff forms write lists as lines of text: specifications as `Name: value`, fitment as
 * `Make | Model | 2012-2018`, OEM numbers separated by commas. These turn lines into lists and
 * back; the server validates what they give.
 */
export const specsToText = (specs: PartSpec[]) =>
  specs.map((s) => `${s.name}: ${s.value}`).join('\n');

export const textToSpecs = (text: string): PartSpec[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(':');
      return at < 0
        ? { name: line, value: '' }
        : { name: line.slice(0, at).trim(), value: line.slice(at + 1).trim() };
    });

/** `Make | Model | 2012-2018`, then the position and the note when there are any. */
export const fitmentToText = (fitment: Fitment[]) =>
  fitment
    .map((f) =>
      [
        f.make,
        f.model,
        `${f.yearFrom}-${f.yearTo}`,
        ...(f.position || f.note ? [f.position] : []),
        ...(f.note ? [f.note] : []),
      ].join(' | '),
    )
    .join('\n');

export const textToFitment = (text: string): Fitment[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [make = '', model = '', years = '', position = '', ...note] = line
        .split('|')
        .map((p) => p.trim());
      const [from = '', to = from] = years.split(/\s*[-–]\s*/);
      return {
        make,
        model,
        yearFrom: Number(from),
        yearTo: Number(to),
        position,
        note: note.join(' | '),
      };
    });

export const textToList = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** Volume prices as lines `40: 8.20` (from 40 pieces, $8.20 a piece). */
export const ladderToText = (steps: readonly PriceStep[]) =>
  steps.map((s) => `${s.minQuantity}: ${s.price.toFixed(2)}`).join('\n');

/**
 * Lines `40: 8.20` (also `from 40: $8.20`) as steps; a line it cannot split keeps its text so the
 * server names what is wrong with it instead of the line vanishing.
 */
export const textToLadder = (text: string): { minQuantity: string; price: string }[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(':');
      const quantity = (at < 0 ? line : line.slice(0, at)).replace(/^from\s+/i, '').trim();
      const price =
        at < 0
          ? ''
          : line
              .slice(at + 1)
              .replace(/^\s*\$/, '')
              .trim();
      return { minQuantity: quantity.replace(/,/g, ''), price };
    });
