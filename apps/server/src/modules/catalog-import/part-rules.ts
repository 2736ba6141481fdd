import { ladderIssues, quantityRuleIssues, stepsOfColumns } from '@storefront/contract';
import type { CellError } from './import.tables.js';

/** A part's inputs to the quantity rule and the volume prices, as the part will be. */
export type RuleInputs = {
  minimum: number;
  packSize: number;
  maximum: number | null;
  priceCents: number;
  tierQuantities: number[] | null;
  tierCents: number[] | null;
  /** The row gave the ladder (else it is the stored one, which the row's changes may break). */
  ladderGiven: boolean;
};

const RULE_COLUMN: Record<string, string> = {
  mOrderQuantity: 'Minimum order quantity',
  maxOrderQuantity: 'Maximum per order',
};

/**
 * The quantity rule and the volume prices of a part as it will be, by the contract's own
 * functions (the add-part form's rule, never a second copy): a message per broken rule, in the
 * row's words.
 */
export function partRuleErrors(part: RuleInputs): CellError[] {
  const rule = { minimum: part.minimum, packSize: part.packSize, maximum: part.maximum };
  const found: CellError[] = [];
  const issues = quantityRuleIssues({
    mOrderQuantity: rule.minimum,
    packSize: rule.packSize,
    maxOrderQuantity: rule.maximum,
  });
  for (const [field, message] of Object.entries(issues))
    found.push({ column: RULE_COLUMN[field] ?? field, message });
  const ladder = ladderIssues(
    stepsOfColumns(part.tierQuantities, part.tierCents),
    rule,
    part.priceCents,
  );
  const first = Object.values(ladder)[0];
  if (first)
    found.push({
      column: 'Volume prices',
      message: part.ladderGiven
        ? first
        : `The volume prices no longer fit: ${first}. Change them in the same row.`,
    });
  return found;
}
