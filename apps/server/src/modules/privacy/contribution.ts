import type { DbOrTx } from '../../db/database.js';

/** Whose data: captured before anything is erased (the erasure changes the account's email). */
export type DataSubject = { userId: string; email: string; name: string };

export type ErasureContext = {
  now: Date;
  /** INVOICE_RETENTION_YEARS: how long an invoiced order keeps its billing fields. */
  retentionYears: number;
};

/**
 * What one module holds about a customer, exported by that module from its own folder (it alone
 * reads its tables). `modules/privacy` composes them: the export is one key per contribution, the
 * erasure runs every contribution in one transaction after no contribution objects (decision 052).
 */
export type PrivacyContribution = {
  /** The key in the export. */
  name: string;
  /** Absent when what the module holds is no one's to read (counters, internal state). */
  export?(subject: DataSubject, db: DbOrTx): Promise<unknown>;
  erase(subject: DataSubject, tx: DbOrTx, context: ErasureContext): Promise<void>;
  /** Reasons the account cannot be deleted now, in words for the customer. */
  blockers?(subject: DataSubject, db: DbOrTx): Promise<string[]>;
};

/** Every erased row's name: the same words everywhere, never the person's. */
export const ERASED_NAME = 'Erased customer';
