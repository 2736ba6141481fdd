import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';

const schemas = {
  aces: readFileSync(
    new URL('../modules/industry-files/schemas/aces-4.2-reduced.xsd', import.meta.url),
    'utf8',
  ),
  pies: readFileSync(
    new URL('../modules/industry-files/schemas/pies-7.2-reduced.xsd', import.meta.url),
    'utf8',
  ),
};

/** libxml2's schema validation (xmllint, as WebAssembly): the errors, none when valid. */
export async function xsdErrors(kind: 'aces' | 'pies', xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: `${kind}.xml`, contents: xml }],
    schema: [{ fileName: `${kind}.xsd`, contents: schemas[kind] }],
  });
  return result.errors.map((e) => e.message);
}
