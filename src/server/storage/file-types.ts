import { fileTypeFromBuffer } from 'file-type';

/**
 * The kinds of file an upload may be (flows §5 "type must be allowed"), each known by its content
 * type, its file name extensions and what its first bytes are. What the browser declares and the
 * file's name say which kind the file claims to be; its first bytes must then agree, so a program
 * renamed to 'offer.pdf' is refused while it streams in (upload-check.ts). Binary kinds are
 * recognised by file-type, which reads an Office file's ZIP entries: any ZIP renamed '.xlsx' is not
 * a spreadsheet. Text kinds, which file-type does not know, by their bytes being text.
 */

export interface FileKind {
  /** The content type the blob is stored and served with. */
  readonly contentType: string;
  /** Other content types browsers declare for it. */
  readonly aliases?: readonly string[];
  readonly extensions: readonly string[];
  /** Whether a file may start with `head` (its first bytes, up to SNIFF_BYTES; fewer when the file is shorter). */
  readonly matches: (head: Buffer) => Promise<boolean>;
}

/**
 * How many first bytes decide a file's kind: room for the entries of an Office file's ZIP that say
 * what it is ([Content_Types].xml, then the xl/, word/ or ppt/ folders), held while they arrive.
 */
export const SNIFF_BYTES = 64 * 1024;

/** A binary kind: file-type recognises `head` as one of `names` (its `ext`s). */
const detected = (...names: string[]) => async (head: Buffer) => {
  try {
    const found = await fileTypeFromBuffer(head);
    return found !== undefined && names.includes(found.ext);
  } catch {
    // file-type's own limits on malformed input (a ZIP with absurd entries): not a file of ours.
    return false;
  }
};
/** Plain text: no NUL byte and no other control character but tab, line breaks and form feed. */
const isText = (head: Buffer) => head.every((b) => b >= 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0x0c || b === 0x1b);
const text = async (head: Buffer) => isText(head);
/** An XML document (an e-invoice): text that opens with '<' after an optional byte order mark and white space. */
const xml = async (head: Buffer) => {
  const body = head.subarray(head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0);
  return isText(body) && /^\s*</.test(body.toString('latin1'));
};

export const FILE_KINDS = {
  // An Illustrator file is a PDF whose first bytes also carry Illustrator's data.
  pdf: { contentType: 'application/pdf', extensions: ['pdf'], matches: detected('pdf', 'ai') },
  png: { contentType: 'image/png', extensions: ['png'], matches: detected('png') },
  jpeg: { contentType: 'image/jpeg', aliases: ['image/jpg', 'image/pjpeg'], extensions: ['jpg', 'jpeg'], matches: detected('jpg') },
  gif: { contentType: 'image/gif', extensions: ['gif'], matches: detected('gif') },
  webp: { contentType: 'image/webp', extensions: ['webp'], matches: detected('webp') },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'], matches: detected('docx') },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'], matches: detected('xlsx') },
  pptx: { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extensions: ['pptx'], matches: detected('pptx') },
  // The older Office formats are OLE compound files, which file-type does not tell apart.
  doc: { contentType: 'application/msword', extensions: ['doc'], matches: detected('cfb') },
  xls: { contentType: 'application/vnd.ms-excel', extensions: ['xls'], matches: detected('cfb') },
  csv: { contentType: 'text/csv', aliases: ['application/csv', 'text/comma-separated-values'], extensions: ['csv'], matches: text },
  txt: { contentType: 'text/plain', extensions: ['txt'], matches: text },
  xml: { contentType: 'application/xml', aliases: ['text/xml'], extensions: ['xml'], matches: xml },
} as const satisfies Record<string, FileKind>;

export type FileKindName = keyof typeof FILE_KINDS;

const extensionOf = (fileName: string) => /\.([a-z0-9]{1,10})$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
const typeOf = (declared: string | undefined) => (declared ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * The kind among `allowed` a file claims to be: by its name's extension (what the recipient's
 * computer will open it with), else by the content type its browser declared. Null: no allowed kind.
 */
export function claimedKind(allowed: readonly FileKindName[], fileName: string, declared: string | undefined): FileKind | null {
  const ext = extensionOf(fileName);
  const byName = allowed.find((k) => (FILE_KINDS[k].extensions as readonly string[]).includes(ext));
  if (byName) return FILE_KINDS[byName];
  if (ext) return null;
  const type = typeOf(declared);
  const byType = allowed.find((k) => {
    const kind: FileKind = FILE_KINDS[k];
    return kind.contentType === type || (kind.aliases ?? []).includes(type);
  });
  return byType ? FILE_KINDS[byType] : null;
}

/**
 * The name a file keeps: its last path segment (some browsers send the whole path), without control
 * characters, at most 255 characters with its extension kept; 'file' when nothing is left.
 */
export function cleanFileName(raw: string | undefined): string {
  const last = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const name = last.replace(/[\u0000-\u001f\u007f]/g, '').replace(/[\uD800-\uDFFF]/g, '').trim();
  if (!name) return 'file';
  if (name.length <= 255) return name;
  const ext = extensionOf(name);
  return ext ? `${name.slice(0, 254 - ext.length)}.${ext}` : name.slice(0, 255);
}
