import { type CreatePartValues, type PartResponse } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { type PartRow } from './parts.schema.js';
export declare const toPartResponse: (row: PartRow) => PartResponse;
export declare function listParts(db: DbOrTx): Promise<PartResponse[]>;
/** Undefined for an unknown id and for text that cannot be an id at all. */
export declare function findPart(db: DbOrTx, id: string): Promise<PartRow | undefined>;
export declare function createPart(db: DbOrTx, values: CreatePartValues): Promise<PartResponse>;
