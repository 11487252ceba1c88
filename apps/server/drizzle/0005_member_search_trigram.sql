-- Accent-insensitive member search by name (decision 0029): unaccent() is only STABLE (its
-- dictionary can change), so an index cannot use it directly. f_unaccent() wraps it with the
-- dictionary named explicitly and is declared IMMUTABLE; the search queries call f_unaccent() so
-- that these trigram indexes serve `f_unaccent(nom) ilike f_unaccent('%…%')`.
-- Not declared in schema.ts (drizzle-kit cannot express the function): kept in this migration only.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_nom_trgm_idx" ON "members" USING gin (f_unaccent("nom") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_prenom_trgm_idx" ON "members" USING gin (f_unaccent("prenom") gin_trgm_ops);
