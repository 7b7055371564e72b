import fp from 'fastify-plugin';
import { createFileStore, type FileStore, importFilesFromDisk } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The owner's uploaded images (docs/decisions/0015, 0030). */
    uploads: FileStore;
    /** Label PDFs. */
    labelFiles: FileStore;
  }
}

/** Files in the database: uploads and labels; those of the older on-disk layout move in once (ADR 0015). */
export const filesPlugin = fp(
  async (app) => {
    for (const folder of ['uploads', 'labels'] as const) {
      const copied = await importFilesFromDisk(app.database.db, app.config.dataDir, folder);
      if (copied > 0) app.log.info({ folder, copied }, 'files copied from the data folder into the database');
    }
    app.decorate('uploads', createFileStore(app.database.db, 'uploads'));
    app.decorate('labelFiles', createFileStore(app.database.db, 'labels'));
  },
  { name: 'files', dependencies: ['core'] },
);
