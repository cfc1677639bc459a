/**
 * The kinds of file an upload may be (flows §5 "type must be allowed"), each known by its content
 * type, its file name extensions and the first bytes every such file starts with. What the browser
 * declares and the file's name say which kind the file claims to be; its first bytes must then
 * agree, so a program renamed to 'offer.pdf' is refused while it streams in (upload-check.ts).
 */

export interface FileKind {
  /** The content type the blob is stored and served with. */
  readonly contentType: string;
  /** Other content types browsers declare for it. */
  readonly aliases?: readonly string[];
  readonly extensions: readonly string[];
  /** Whether a file may start with `head` (its first bytes, up to SNIFF_BYTES; fewer when the file is shorter). */
  readonly matches: (head: Buffer) => boolean;
}

/** How many first bytes decide a file's kind. */
export const SNIFF_BYTES = 512;

const startsWith = (...signatures: (number | null)[][]) => (head: Buffer) =>
  signatures.some((sig) => head.length >= sig.length && sig.every((byte, i) => byte === null || head[i] === byte));
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Office Open XML (docx, xlsx, pptx) is a ZIP archive. */
const zip = startsWith([0x50, 0x4b, 0x03, 0x04]);
/** The older Office formats (doc, xls) are OLE compound files. */
const ole = startsWith([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Plain text: no NUL byte and no other control character but tab, line breaks and form feed. */
const text = (head: Buffer) => head.every((b) => b >= 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0x0c || b === 0x1b);

export const FILE_KINDS = {
  pdf: { contentType: 'application/pdf', extensions: ['pdf'], matches: startsWith(ascii('%PDF-')) },
  png: { contentType: 'image/png', extensions: ['png'], matches: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  jpeg: { contentType: 'image/jpeg', aliases: ['image/jpg', 'image/pjpeg'], extensions: ['jpg', 'jpeg'], matches: startsWith([0xff, 0xd8, 0xff]) },
  gif: { contentType: 'image/gif', extensions: ['gif'], matches: startsWith(ascii('GIF87a'), ascii('GIF89a')) },
  webp: { contentType: 'image/webp', extensions: ['webp'], matches: startsWith([...ascii('RIFF'), null, null, null, null, ...ascii('WEBP')]) },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'], matches: zip },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'], matches: zip },
  pptx: { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extensions: ['pptx'], matches: zip },
  doc: { contentType: 'application/msword', extensions: ['doc'], matches: ole },
  xls: { contentType: 'application/vnd.ms-excel', extensions: ['xls'], matches: ole },
  csv: { contentType: 'text/csv', aliases: ['application/csv', 'text/comma-separated-values'], extensions: ['csv'], matches: text },
  txt: { contentType: 'text/plain', extensions: ['txt'], matches: text },
  // An XML document (an e-invoice): text that opens with '<' after an optional byte order mark and white space.
  xml: { contentType: 'application/xml', aliases: ['text/xml'], extensions: ['xml'], matches: (head: Buffer) => text(head.subarray(head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0)) && /^\s*</.test(head.toString('latin1').replace(/^\xef\xbb\xbf/, '')) },
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
