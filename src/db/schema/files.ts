import { customType, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Raw bytes: node-postgres gives a Buffer, PGlite a Uint8Array; both become a Buffer here. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

/**
 * Owned by the files domain: files the store makes or receives (uploaded product images, label
 * PDFs), kept in the database so every instance sees them and one backup holds them (ADR 0015).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    folder: text('folder', { enum: ['uploads', 'labels'] }).notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.folder, t.name] })],
);
