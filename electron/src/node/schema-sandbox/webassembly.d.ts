/**
 * The few WebAssembly globals the schema sandbox uses. Node has them at run time, but @types/node 20
 * does not declare them (the DOM lib would, and brings a browser's globals with it).
 */
declare namespace WebAssembly {
  interface Module {
    readonly __brand?: "WebAssembly.Module";
  }
  interface MemoryDescriptor {
    initial: number;
    maximum?: number;
  }
  interface Memory {
    readonly buffer: ArrayBuffer;
  }
  const Memory: { new (descriptor: MemoryDescriptor): Memory };
  function compile(bytes: Uint8Array): Promise<Module>;
}
