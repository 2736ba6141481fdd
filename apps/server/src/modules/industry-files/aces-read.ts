import { AppError } from '../../http/errors.js';
import { xmlEvents } from './xml-stream.js';

/** An ACES file's header, as far as the import reads it. */
export type AcesHeader = {
  version: string;
  submissionType: 'FULL' | 'INCREMENTAL';
  vcdbVersionDate: string | null;
  company: string | null;
};

/** One `App`, as written: ids unresolved. */
export type AcesApp = {
  line: number;
  action: 'A' | 'D';
  id: string | null;
  baseVehicleId: number | null;
  makeId: number | null;
  modelId: number | null;
  yearFrom: number | null;
  yearTo: number | null;
  /** VCdb qualifiers (SubModel, EngineBase…) and `Qual` texts, as the note will show them. */
  qualifiers: string[];
  notes: string[];
  quantity: number | null;
  positionId: number | null;
  partTypeId: number | null;
  part: string | null;
  /** What could not be read ("Qty is not a whole number"): the application is reported. */
  problems: string[];
};

export type AcesItem =
  | { kind: 'header'; header: AcesHeader }
  | { kind: 'app'; app: AcesApp }
  | { kind: 'footer'; recordCount: number | null };

const refuse = (name: string, message: string) =>
  new AppError(400, 'UNREADABLE_FILE', `${name}: ${message}. Nothing was changed.`);

/** The App's own elements; any other element with an `id` is a VCdb qualifier. */
const APP_ELEMENTS = new Set([
  'BaseVehicle',
  'Make',
  'Model',
  'Years',
  'Note',
  'Qual',
  'Qty',
  'PartType',
  'Position',
  'Part',
  'MfrLabel',
  'DisplayOrder',
  'AssetName',
  'AssetItemOrder',
  'AssetItemRef',
  'EquipmentBase',
]);

const wholeNumber = (text: string | undefined): number | null =>
  text !== undefined && /^\s*\d{1,9}\s*$/.test(text) ? Number(text) : null;

/**
 * An ACES 4.x file as header, applications and footer, in file order, streamed (xmlEvents): the
 * root's version and the header's SubmissionType are checked; `Asset` and other segments are
 * counted, not read. Each App comes whole; a value it cannot read is named in its `problems`.
 */
export async function* readAces(file: { path: string; name: string }): AsyncGenerator<AcesItem> {
  let header: Partial<AcesHeader> | null = null;
  let headerDone = false;
  let app: AcesApp | null = null;
  let qual: { params: string[]; text: string | null } | null = null;
  let footer = false;
  let recordCount: number | null = null;
  let textOf = '';
  for await (const e of xmlEvents(file)) {
    if (e.kind === 'open') {
      textOf = '';
      if (e.depth === 1) {
        if (e.name !== 'ACES') throw refuse(file.name, 'it is not an ACES file');
        const version = e.attributes.version ?? '';
        if (!/^4\.\d+$/.test(version))
          throw refuse(file.name, `it is ACES version "${version}": this shop reads ACES 4.x`);
        header = { version };
        continue;
      }
      if (e.depth === 2) {
        if (e.name === 'Header') continue;
        if (e.name === 'Footer') {
          footer = true;
          continue;
        }
        if (!headerDone) {
          headerDone = true;
          yield { kind: 'header', header: checkedHeader(file.name, header) };
        }
        if (e.name === 'App') {
          const action = e.attributes.action ?? 'A';
          app = {
            line: e.line,
            action: action === 'D' ? 'D' : 'A',
            id: e.attributes.id?.slice(0, 40) ?? null,
            baseVehicleId: null,
            makeId: null,
            modelId: null,
            yearFrom: null,
            yearTo: null,
            qualifiers: [],
            notes: [],
            quantity: null,
            positionId: null,
            partTypeId: null,
            part: null,
            problems:
              action === 'A' || action === 'D'
                ? []
                : [`action "${action.slice(0, 10)}" is neither A nor D`],
          };
        }
        continue;
      }
      if (app && e.depth === 3) {
        const id = e.attributes.id;
        switch (e.name) {
          case 'BaseVehicle':
            app.baseVehicleId = wholeNumber(id);
            if (app.baseVehicleId === null) app.problems.push('BaseVehicle has no id');
            break;
          case 'Make':
            app.makeId = wholeNumber(id);
            break;
          case 'Model':
            app.modelId = wholeNumber(id);
            break;
          case 'Years':
            app.yearFrom = wholeNumber(e.attributes.from);
            app.yearTo = wholeNumber(e.attributes.to);
            if (app.yearFrom === null || app.yearTo === null || app.yearFrom > app.yearTo)
              app.problems.push('Years needs from and to, in order');
            break;
          case 'Position':
            app.positionId = wholeNumber(id);
            break;
          case 'PartType':
            app.partTypeId = wholeNumber(id);
            break;
          case 'Qual':
            qual = { params: [], text: null };
            break;
          default:
            if (!APP_ELEMENTS.has(e.name) && id !== undefined)
              app.qualifiers.push(`${e.name} ${id.slice(0, 20)}`);
        }
      }
      if (app && qual && e.depth === 4 && e.name === 'param' && e.attributes.value)
        qual.params.push(e.attributes.value.slice(0, 40));
      continue;
    }
    if (e.kind === 'text') {
      textOf += e.text;
      continue;
    }
    // A close.
    const value = textOf.trim();
    textOf = '';
    if (header && !headerDone && e.depth === 3) {
      if (e.name === 'SubmissionType')
        header.submissionType = value as AcesHeader['submissionType'];
      else if (e.name === 'VcdbVersionDate') header.vcdbVersionDate = value.slice(0, 20) || null;
      else if (e.name === 'Company') header.company = value.slice(0, 120) || null;
      continue;
    }
    if (footer && e.depth === 3 && e.name === 'RecordCount') {
      recordCount = wholeNumber(value);
      continue;
    }
    if (app && e.depth === 4 && qual && e.name === 'text' && value) qual.text = value;
    if (app && e.depth === 3) {
      switch (e.name) {
        case 'Part':
          app.part = value || null;
          break;
        case 'Qty':
          app.quantity = wholeNumber(value);
          if (value && app.quantity === null)
            app.problems.push(`Qty "${value.slice(0, 20)}" is not a whole number`);
          break;
        case 'Note':
          if (value) app.notes.push(value);
          break;
        case 'Qual':
          if (qual && (qual.text || qual.params.length > 0))
            app.qualifiers.push(qual.text ?? qual.params.join(' '));
          qual = null;
          break;
      }
      continue;
    }
    if (app && e.depth === 2 && e.name === 'App') {
      yield { kind: 'app', app };
      app = null;
      continue;
    }
    if (e.depth === 2 && e.name === 'Header' && !headerDone) {
      headerDone = true;
      yield { kind: 'header', header: checkedHeader(file.name, header) };
    }
  }
  if (!headerDone) throw refuse(file.name, 'it has no Header');
  if (!footer) throw refuse(file.name, 'it has no Footer: the file may be cut short');
  yield { kind: 'footer', recordCount };
}

function checkedHeader(name: string, header: Partial<AcesHeader> | null): AcesHeader {
  if (!header) throw refuse(name, 'it has no Header');
  if (header.submissionType !== 'FULL' && header.submissionType !== 'INCREMENTAL')
    throw refuse(
      name,
      `its Header's SubmissionType is "${String(header.submissionType ?? '').slice(0, 20)}": FULL or INCREMENTAL`,
    );
  return {
    version: header.version ?? '',
    submissionType: header.submissionType,
    vcdbVersionDate: header.vcdbVersionDate ?? null,
    company: header.company ?? null,
  };
}
