import {
  fromCents,
  isActiveOn,
  utcToday,
  type PriceDecision,
  type PriceExplanation,
  type PriceListDetails,
  type PriceListSummary,
  type PriceSource,
} from '@storefront/contract';
import type { PriceListFacts } from './price-lists.service.js';

/*
 * Lists as the API speaks them: percentages in percent, money in dollars (the server computes in
 * basis points and cents, and converts here, once).
 */

export const toBp = (percent: number): number => Math.round(percent * 100);
const toPercent = (bp: number): number => bp / 100;

export const toSummary = (list: PriceListFacts, today = utcToday()): PriceListSummary => ({
  id: list.id,
  name: list.name,
  validFrom: list.validFrom,
  validUntil: list.validUntil,
  active: isActiveOn(list, today),
  percentOff: list.percentOffBp === null ? null : toPercent(list.percentOffBp),
  categories: list.categories.map((c) => ({
    category: c.category,
    percentOff: toPercent(c.percentOffBp),
  })),
  entryCount: list.entryCount,
  companyCount: list.companyCount,
  createdAt: list.createdAt.toISOString(),
  updatedAt: list.updatedAt.toISOString(),
});

export const toDetails = (
  list: PriceListFacts,
  companies: PriceListDetails['companies'],
  groups: PriceListDetails['groups'],
): PriceListDetails => ({ ...toSummary(list), companies, groups });

type WireSource = NonNullable<PriceExplanation['decidedBy']>['source'];
const toWireSource = (source: PriceSource): WireSource =>
  source.kind === 'fixed'
    ? source
    : source.kind === 'category'
      ? { kind: 'category', category: source.category, percentOff: toPercent(source.percentOffBp) }
      : { kind: 'list-wide', percentOff: toPercent(source.percentOffBp) };

/** The contract's decision in dollars, with its summary line. */
export const toExplanation = (
  decision: PriceDecision,
  context: Pick<PriceExplanation, 'party' | 'company' | 'part' | 'quantity' | 'date' | 'summary'>,
): PriceExplanation => ({
  ...context,
  unitPrice: fromCents(decision.unitCents),
  listPrice: fromCents(decision.listCents),
  publicPrice: fromCents(decision.publicCents),
  ladderStep: decision.ladderStep,
  paid: decision.paid,
  decidedBy: decision.decidedBy && {
    listId: decision.decidedBy.listId,
    listName: decision.decidedBy.listName,
    unitPrice: fromCents(decision.decidedBy.unitCents),
    source: toWireSource(decision.decidedBy.source),
  },
  candidates: decision.candidates.map((c) => ({
    listId: c.listId,
    listName: c.listName,
    priority: c.priority,
    status: c.status,
    unitPrice: c.unitCents === null ? null : fromCents(c.unitCents),
    source: c.source && toWireSource(c.source),
  })),
});
