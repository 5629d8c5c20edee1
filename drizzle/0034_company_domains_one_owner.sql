-- A domain verifies one company (docs/decisions/064-one-company-per-domain.md): a company's email domains may
-- not be another company's, nor inside or around one (an address at eng.stripe.com verifies Stripe through
-- stripe.com). A unique index cannot look inside the arrays, so a trigger keeps it, one writer at a time (an
-- advisory lock to the end of the transaction; each statement after it sees what the one before committed).
-- Rows written before this stay as they are until they are written again.
CREATE FUNCTION "refuse_shared_email_domain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  clash record;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('referbridge:companies.email_domains'));
  SELECT mine, theirs, c."name" INTO clash
    FROM "companies" c, unnest(c."email_domains") theirs, unnest(NEW."email_domains") mine
    WHERE c."id" <> NEW."id"
      AND (mine = theirs OR right(mine, length(theirs) + 1) = '.' || theirs
        OR right(theirs, length(mine) + 1) = '.' || mine)
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION '% already verifies % (through %)', clash.mine, clash."name", clash.theirs
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'companies_email_domains_one_owner';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "companies_email_domains_one_owner"
  BEFORE INSERT OR UPDATE OF "email_domains" ON "companies"
  FOR EACH ROW WHEN (cardinality(NEW."email_domains") > 0)
  EXECUTE FUNCTION "refuse_shared_email_domain"();
