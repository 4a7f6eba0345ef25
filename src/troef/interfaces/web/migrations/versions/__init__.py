"""The revisions of the table store's schema, oldest first by their ``down_revision`` chain."""
