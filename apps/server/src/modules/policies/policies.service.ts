import { desc, eq, sql } from 'drizzle-orm';
import { PAGE_SLUGS, type PageSlug, type PageVersion } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { pageVersions, type PageVersionRow } from './policies.tables.js';
import { STARTING_PAGES } from './starting-pages.js';

export const pageVersionView = (row: PageVersionRow): PageVersion => ({
  id: row.id,
  version: row.version,
  title: row.title,
  body: row.body,
  isTemplate: row.isTemplate,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
});

/** Writes the starting texts of the pages a shop does not have yet (version 1, as templates). */
export async function ensureStartingPages(db: DbOrTx): Promise<void> {
  await db
    .insert(pageVersions)
    .values(
      PAGE_SLUGS.map((slug) => ({
        slug,
        version: 1,
        title: STARTING_PAGES[slug].title,
        body: STARTING_PAGES[slug].body,
        isTemplate: true,
      })),
    )
    .onConflictDoNothing();
}

/** The page as it is now: its newest version. */
export async function currentPage(db: DbOrTx, slug: PageSlug): Promise<PageVersionRow | null> {
  const [row] = await db
    .select()
    .from(pageVersions)
    .where(eq(pageVersions.slug, slug))
    .orderBy(desc(pageVersions.version))
    .limit(1);
  return row ?? null;
}

export async function pageHistory(db: DbOrTx, slug: PageSlug): Promise<PageVersionRow[]> {
  return db
    .select()
    .from(pageVersions)
    .where(eq(pageVersions.slug, slug))
    .orderBy(desc(pageVersions.version));
}

export async function listPages(db: DbOrTx) {
  const rows = await db
    .select()
    .from(pageVersions)
    .where(
      sql`(${pageVersions.slug}, ${pageVersions.version}) in (select slug, max(version) from page_versions group by slug)`,
    );
  const counts = new Map(rows.map((r) => [r.slug, r.version]));
  return PAGE_SLUGS.flatMap((slug) => {
    const row = rows.find((r) => r.slug === slug);
    return row ? [{ slug, current: pageVersionView(row), versions: counts.get(slug) ?? 0 }] : [];
  });
}

/**
 * Saves a new version. Two staff saving at once both get a version: the unique (slug, version)
 * index turns the loser's insert into a retry with the next number.
 */
export async function savePage(
  db: DbOrTx,
  slug: PageSlug,
  input: { title: string; body: string; by: string },
): Promise<PageVersionRow> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const [row] = await db
      .insert(pageVersions)
      .values({
        slug,
        version: sql`(select coalesce(max(version), 0) + 1 from page_versions where slug = ${slug})`,
        title: input.title,
        body: input.body,
        createdBy: input.by,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
  }
  throw new Error(`could not save page ${slug}: too many concurrent saves`);
}

/** What an invoice says of the terms an order was placed under; null for orders from before. */
export async function termsNoteOf(db: DbOrTx, id: string | null) {
  if (!id) return null;
  const [row] = await db
    .select({ version: pageVersions.version, createdAt: pageVersions.createdAt })
    .from(pageVersions)
    .where(eq(pageVersions.id, id));
  return row ?? null;
}
