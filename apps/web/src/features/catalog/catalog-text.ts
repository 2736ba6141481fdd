import type { Fitment, PartSpec } from '@storefront/contract';

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

export const fitmentToText = (fitment: Fitment[]) =>
  fitment.map((f) => `${f.make} | ${f.model} | ${f.yearFrom}-${f.yearTo}`).join('\n');

export const textToFitment = (text: string): Fitment[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [make = '', model = '', years = ''] = line.split('|').map((p) => p.trim());
      const [from = '', to = from] = years.split(/\s*[-–]\s*/);
      return { make, model, yearFrom: Number(from), yearTo: Number(to) };
    });

export const textToList = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
