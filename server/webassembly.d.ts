// Node has WebAssembly, but TypeScript declares it only in its DOM and web worker libraries, which the server's
// tsconfig leaves out. What the server uses of it: PGlite's engine compiled once per process (db/pglite.ts).
declare namespace WebAssembly {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- opaque: only handed on, never read
  interface Module {}
  function compile(bytes: Uint8Array): Promise<Module>;
}
