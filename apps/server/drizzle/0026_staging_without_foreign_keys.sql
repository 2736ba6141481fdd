-- The staged rows' foreign key to their import cost 60% of writing them (2.8 s of 4.6 s for
-- 400,000 vehicle rows): an import's own job is the only writer, and pruneImports deletes them.
ALTER TABLE "catalog_import_parts" DROP CONSTRAINT IF EXISTS "catalog_import_parts_import_id_catalog_imports_id_fk";--> statement-breakpoint
ALTER TABLE "catalog_import_parts" DROP CONSTRAINT IF EXISTS "catalog_import_parts_import_id_fkey";--> statement-breakpoint
ALTER TABLE "catalog_import_fitments" DROP CONSTRAINT IF EXISTS "catalog_import_fitments_import_id_catalog_imports_id_fk";--> statement-breakpoint
ALTER TABLE "catalog_import_fitments" DROP CONSTRAINT IF EXISTS "catalog_import_fitments_import_id_fkey";
