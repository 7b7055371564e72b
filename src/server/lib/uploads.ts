import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Files the store keeps: uploaded product images in `DATA_DIR/uploads`, label PDFs in
 * `DATA_DIR/labels`; in memory for an in-memory store (tests). Names are made by the server, so a
 * name is safe as a file name.
 */
export interface UploadStore {
  save(name: string, data: Buffer): Promise<void>;
  read(name: string): Promise<Buffer | null>;
  list(): Promise<string[]>;
}

export function createUploadStore(dataDir: string, folder = 'uploads'): UploadStore {
  if (dataDir === 'memory://') {
    const files = new Map<string, Buffer>();
    return {
      save: async (name, data) => void files.set(name, data),
      read: async (name) => files.get(name) ?? null,
      list: async () => [...files.keys()],
    };
  }
  const dir = path.join(dataDir, folder);
  return {
    async save(name, data) {
      await fs.mkdir(dir, { recursive: true });
      const tmp = path.join(dir, `.${name}.tmp`);
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, path.join(dir, name));
    },
    async read(name) {
      return fs.readFile(path.join(dir, name)).catch(() => null);
    },
    async list() {
      return (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => !f.startsWith('.'));
    },
  };
}
