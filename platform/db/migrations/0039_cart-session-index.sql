-- A guest cart is read by its session on every page its visitor opens; the line index (by coalesce) serves no such lookup.
CREATE INDEX "cart_items_session_idx" ON "cart_items" USING btree ("session_id");
