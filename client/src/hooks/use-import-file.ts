import { useEffect, useRef, useState } from 'react';

/**
 * Files read in the browser above this size are refused before reading: the
 * server takes an uploaded sample up to 25 MB by default (SEEDBED_SAMPLE_BYTES)
 * and a schema up to 5 MB (SEEDBED_IMPORT_BYTES), so a larger file only
 * costs the tab its memory.
 */
export const MAX_IMPORT_FILE_BYTES = 25_000_000;

/** Texts longer than this are not put in the textarea, which grows slow with them; they are sent as read. */
export const SHOWN_TEXT_CHARS = 1_000_000;

const size = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** "12 KB", "3.4 MB": file sizes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${size.format(bytes / 1024)} KB`;
  return `${size.format(bytes / 1024 / 1024)} MB`;
}

export type ReadFileResult = { ok: true; text: string } | { ok: false; message: string };

/** Reads a file's text in the browser, refusing what is too large or not text. */
export async function readImportFile(file: File, maxBytes = MAX_IMPORT_FILE_BYTES): Promise<ReadFileResult> {
  if (file.size > maxBytes) {
    return { ok: false, message: `${file.name} is ${formatBytes(file.size)}; files up to ${formatBytes(maxBytes)} can be read here.` };
  }
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    // fatal: a binary or mis-encoded file is named as such instead of becoming replacement characters.
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, message: `${file.name} is not UTF-8 text.` };
  }
}

/**
 * Lets a file be dropped anywhere on the page: true while one is dragged
 * over it. Drops outside a handler would make the browser open the file and
 * leave the app, so every file drop on the window is taken here.
 */
export function useFileDrop(onFile: (file: File) => void, enabled = true): boolean {
  const [dragging, setDragging] = useState(false);
  // The latest handler, without re-subscribing the window's listeners on every render.
  const handler = useRef(onFile);
  useEffect(() => {
    handler.current = onFile;
  }, [onFile]);

  useEffect(() => {
    if (!enabled) return;
    let depth = 0;
    const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');
    const onEnter = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth++;
      setDragging(true);
    };
    const onLeave = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onOver = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onDrop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      const file = event.dataTransfer?.files[0];
      if (file) handler.current(file);
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('dragover', onOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [enabled]);

  return dragging;
}
