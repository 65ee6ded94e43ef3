/**
 * V8 assumes that no ArrayBuffer has been detached until one is (its
 * detaching protector), and the optimized code of every function reading a
 * typed array depends on that. Chunk memory moved between threads is
 * detached, so the first chunk transferred mid-stream deoptimized every such
 * function at once (51 of them in a million people rows, the compiled row
 * writers among them, about 0.15 s of CPU to warm them up again). A thread
 * that will transfer memory detaches a buffer of its own before it makes
 * rows, while nothing is optimized yet. After that one flip, V8 does not
 * assume it again, so the code it optimizes later stays optimized.
 */
let flipped = false;

export function expectDetachedBuffers(): void {
  if (flipped) return;
  flipped = true;
  const buffer = new ArrayBuffer(8);
  structuredClone(buffer, { transfer: [buffer] });
}
