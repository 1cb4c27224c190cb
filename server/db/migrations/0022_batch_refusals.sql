-- What a v3 batch refused, item by item (issue 28, item 2): the 202 names each refused item, but
-- GET /api/v3/enrichments?batchId= lists only the enrichments created, so a refused line was
-- found nowhere once the answer was read. Each refusal is kept with the batch: its index in the
-- request, the document masked (never the full one) and the error; the review API's
-- GET /batches/{batchId} answers them.
ALTER TABLE "batches" ADD COLUMN IF NOT EXISTS "refused" jsonb DEFAULT '[]'::jsonb NOT NULL;
