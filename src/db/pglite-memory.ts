/**
 * PGlite runs PostgreSQL inside this process, in a WebAssembly memory that grows and never shrinks,
 * and PostgreSQL touches its whole shared buffer pool as it starts: at its default (128 MB, sized
 * for a server of its own) that pool is most of the process's memory and of its start time. The
 * store's data is small and the operating system caches its files as well (docs/decisions/0024).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';
