// Turns a skill's files into the text sources the rules scan: each UTF-8 file
// as it is, each piece of text found inside an image's metadata, and the text
// that encoded blobs in either decode to (base64, hex, character codes, …,
// a few layers deep), so every rule reads what a model could decode.
import { canonicalUri } from '../../../shared/skill-uri.js';
import { decodedSourcesOf } from '../decode/payloads.js';
import type { ReviewInput, SourceKind, TextSource } from './context.js';
import { classifyFile, extensionOf, type FileKindInfo } from './file-kinds.js';
import { imageFormat, imageTexts } from './image-metadata.js';

export interface PreparedFile {
  readonly uri: string;
  readonly path: string;
  readonly bytes: Uint8Array;
  readonly mimeType?: string;
  readonly info: FileKindInfo;
  readonly isSkillMd: boolean;
  /** UTF-8 text, when the bytes are valid UTF-8. */
  readonly text?: string;
}

export function prepareFiles(input: ReviewInput): PreparedFile[] {
  const skillKey = canonicalUri(input.skillUri);
  return input.files.map((file) => {
    const isSkillMd = canonicalUri(file.uri) === skillKey;
    const info = classifyFile(file.path, file.bytes, { isSkillMd, ...(file.executable !== undefined ? { executableBit: file.executable } : {}) });
    let text: string | undefined;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
    } catch {
      text = undefined;
    }
    return { uri: file.uri, path: file.path, bytes: file.bytes, ...(file.mimeType !== undefined ? { mimeType: file.mimeType } : {}), info, isSkillMd, ...(text !== undefined ? { text } : {}) };
  });
}

function sourceKind(file: PreparedFile): SourceKind {
  if (file.isSkillMd) return 'skill-md';
  if (file.info.kind === 'markdown') return 'markdown';
  if (file.info.kind === 'script') return 'script';
  const ext = extensionOf(file.path);
  if (ext === 'html' || ext === 'htm' || ext === 'svg' || ext === 'xml') return 'html';
  return 'text';
}

/** Decoded text handed to the rules per skill: a skill of nothing but blobs must not multiply the work without end. */
export const DECODED_BUDGET = { count: 500, chars: 4_000_000 };

export function textSources(files: readonly PreparedFile[], options: { decode?: boolean } = {}): TextSource[] {
  const out: TextSource[] = [];
  for (const file of files) {
    // A raster image is read for its metadata even when its bytes happen to be valid UTF-8.
    if (file.info.kind === 'image' && imageFormat(file.bytes)) {
      for (const found of imageTexts(file.bytes)) {
        out.push({ fileUri: file.uri, path: file.path, text: found.text, kind: 'metadata', field: found.field, ...(found.unread !== undefined ? { unread: found.unread } : {}) });
      }
    } else if (file.text !== undefined) {
      out.push({ fileUri: file.uri, path: file.path, text: file.text, kind: sourceKind(file) });
    }
  }
  if (options.decode === false) return out;
  const budget = { ...DECODED_BUDGET };
  for (const source of [...out]) out.push(...decodedSourcesOf(source, budget));
  return out;
}
