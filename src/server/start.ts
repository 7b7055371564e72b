import module from 'node:module';

// The built server's entry (dist/server/main.js, `npm start`): V8's compiled code is kept on disk
// between starts (in NODE_COMPILE_CACHE, or the system's temporary folder), so a restart compiles
// little of the server's JavaScript again (docs/decisions/0024). Then the server itself loads.
module.enableCompileCache?.();
await import('./main.ts');
