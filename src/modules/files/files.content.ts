import { fileTypeFromBuffer } from 'file-type';

// What an upload may contain, decided from its bytes (magic numbers, via
// file-type), never from the name or Content-Type the client sends: those are
// only checked against the bytes.

/** The reference's "Allowed File Types" (uploadFile), plus `jpg`, the usual spelling of jpeg. */
export const ALLOWED_EXTENSIONS = [
  'ai', 'bmp', 'doc', 'docx', 'eml', 'eps', 'gif', 'ics', 'jpeg', 'jpg', 'msg', 'otf', 'ost', 'pdf', 'png', 'ppt', 'pptx', 'tif', 'tiff',
  'ttf', 'txt', 'woff', 'woff2', 'xls', 'xlsx',
] as const;
export type Extension = (typeof ALLOWED_EXTENSIONS)[number];

/** The image types the reference accepts for exhibitor banners and logos: "JPEG, JPG, PNG, GIF". */
export const WEB_IMAGE_KINDS = ['jpeg', 'png', 'gif'] as const;

/** What the bytes are. `text`: no magic number, and the bytes read as plain text. */
export type Kind =
  | 'jpeg' | 'png' | 'gif' | 'bmp' | 'tiff' | 'pdf' | 'postscript' | 'docx' | 'xlsx' | 'pptx' | 'cfb' | 'ics' | 'otf' | 'ttf' | 'woff' | 'woff2'
  | 'ost' | 'text';

interface KindSpec {
  /** Extensions a file of this kind may carry; the first is the one given to a file without one. */
  readonly extensions: readonly [Extension, ...Extension[]];
  readonly label: string;
  readonly image?: true;
}

const KINDS: Readonly<Record<Kind, KindSpec>> = {
  jpeg: { extensions: ['jpeg', 'jpg'], label: 'a JPEG image', image: true },
  png: { extensions: ['png'], label: 'a PNG image', image: true },
  gif: { extensions: ['gif'], label: 'a GIF image', image: true },
  bmp: { extensions: ['bmp'], label: 'a BMP image', image: true },
  tiff: { extensions: ['tif', 'tiff'], label: 'a TIFF image', image: true },
  pdf: { extensions: ['pdf', 'ai'], label: 'a PDF document' },
  // Illustrator files are PDF or PostScript inside.
  postscript: { extensions: ['eps', 'ai'], label: 'a PostScript document' },
  docx: { extensions: ['docx'], label: 'a Word document' },
  xlsx: { extensions: ['xlsx'], label: 'an Excel workbook' },
  pptx: { extensions: ['pptx'], label: 'a PowerPoint presentation' },
  // The OLE2 container of legacy Office files and Outlook messages: the name says which.
  cfb: { extensions: ['doc', 'xls', 'ppt', 'msg'], label: 'a legacy Office or Outlook file' },
  ics: { extensions: ['ics'], label: 'an iCalendar file' },
  otf: { extensions: ['otf'], label: 'an OpenType font' },
  ttf: { extensions: ['ttf'], label: 'a TrueType font' },
  woff: { extensions: ['woff'], label: 'a WOFF font' },
  woff2: { extensions: ['woff2'], label: 'a WOFF2 font' },
  ost: { extensions: ['ost'], label: 'an Outlook data file' },
  text: { extensions: ['txt', 'eml'], label: 'plain text' },
};

/** The Content-Type a stored file is served with, by its extension. */
const MIME: Readonly<Record<Extension, string>> = {
  ai: 'application/postscript', bmp: 'image/bmp', doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', eml: 'message/rfc822', eps: 'application/postscript',
  gif: 'image/gif', ics: 'text/calendar', jpeg: 'image/jpeg', jpg: 'image/jpeg', msg: 'application/vnd.ms-outlook', otf: 'font/otf',
  ost: 'application/vnd.ms-outlook', pdf: 'application/pdf', png: 'image/png', ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', tif: 'image/tiff', tiff: 'image/tiff', ttf: 'font/ttf',
  txt: 'text/plain', woff: 'font/woff', woff2: 'font/woff2', xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * eventline extension: the video containers an upload with `purpose=video` may
 * be (the video library's source files), by what file-type reads in the bytes,
 * with the names they may carry. Only that purpose accepts them.
 */
const VIDEO_KINDS: Readonly<Record<string, { readonly extensions: readonly [VideoExtension, ...VideoExtension[]]; readonly contentType: string }>> = {
  mp4: { extensions: ['mp4', 'm4v'], contentType: 'video/mp4' },
  m4v: { extensions: ['m4v', 'mp4'], contentType: 'video/mp4' },
  mov: { extensions: ['mov', 'qt'], contentType: 'video/quicktime' },
  webm: { extensions: ['webm'], contentType: 'video/webm' },
};
export const VIDEO_EXTENSIONS = ['mp4', 'm4v', 'mov', 'qt', 'webm'] as const;
export type VideoExtension = (typeof VIDEO_EXTENSIONS)[number];

/** Every Content-Type a download may carry. */
export const SERVED_TYPES: readonly string[] = [...new Set([...Object.values(MIME), ...Object.values(VIDEO_KINDS).map((k) => k.contentType)])];

// file-type's answer -> our kind; anything else it recognises (zip, exe, mp4, ...) is refused.
const FROM_FILE_TYPE: Readonly<Record<string, Kind>> = {
  jpg: 'jpeg', png: 'png', gif: 'gif', bmp: 'bmp', tif: 'tiff', pdf: 'pdf', eps: 'postscript', ps: 'postscript', docx: 'docx', xlsx: 'xlsx',
  pptx: 'pptx', cfb: 'cfb', ics: 'ics', otf: 'otf', ttf: 'ttf', woff: 'woff', woff2: 'woff2',
  // PST and OST share the "!BDN" header.
  pst: 'ost',
};

/** How much of the start of a file is read before deciding (Office files keep their markers in the first zip entries). */
export const SAMPLE_BYTES = 64 * 1024;

function isExtension(value: string): value is Extension {
  return (ALLOWED_EXTENSIONS as readonly string[]).includes(value);
}

/** Plain text: no NUL and no control characters but tab, line breaks, form feed and escape. Bytes >= 0x80 may be UTF-8 or a legacy 8-bit charset. */
function looksLikeText(sample: Uint8Array): boolean {
  for (const b of sample) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) return false;
    if (b === 0x7f) return false;
  }
  return true;
}

/** A result of `inspect`: what the file is, or why it is refused (a message for the client). */
export type Inspection =
  | { readonly ok: true; readonly kind: Kind | 'video'; readonly extension: Extension | VideoExtension; readonly contentType: string; readonly image: ImageInfo | undefined }
  | { readonly ok: false; readonly reason: 'unsupported' | 'mismatch' | 'not-an-image' | 'empty'; readonly message: string };

export interface ImageInfo {
  /** Pixels; undefined when the header that carries them lies beyond the sample (a JPEG with a large preamble). */
  readonly width: number | undefined;
  readonly height: number | undefined;
}

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u32be = (b: Uint8Array, i: number) => (((b[i] ?? 0) << 24) >>> 0) + (((b[i + 1] ?? 0) << 16) | ((b[i + 2] ?? 0) << 8) | (b[i + 3] ?? 0));

/**
 * Reads the image header behind the magic number: a PNG's IHDR chunk, a GIF's
 * screen descriptor, a JPEG's marker segments up to its frame header (SOFn), a
 * BMP's DIB header. Undefined when the header is not there or says nothing
 * sensible: the magic number alone does not make an image.
 */
export function imageInfo(kind: Kind, sample: Uint8Array, complete: boolean): ImageInfo | undefined {
  const positive = (w: number, h: number): ImageInfo | undefined => (w > 0 && h > 0 ? { width: w, height: h } : undefined);
  switch (kind) {
    case 'png':
      // Signature (8), then the first chunk must be IHDR with 13 bytes of data.
      if (sample.length < 33 || u32be(sample, 8) !== 13 || String.fromCharCode(...sample.subarray(12, 16)) !== 'IHDR') return undefined;
      return positive(u32be(sample, 16), u32be(sample, 20));
    case 'gif':
      if (sample.length < 13) return undefined;
      return positive(u16le(sample, 6), u16le(sample, 8));
    case 'bmp': {
      if (sample.length < 26) return undefined;
      const view = new DataView(sample.buffer, sample.byteOffset, sample.byteLength);
      return positive(Math.abs(view.getInt32(18, true)), Math.abs(view.getInt32(22, true)));
    }
    case 'tiff':
      // The magic number (byte order + 42) is what file-type checked; dimensions sit in an IFD anywhere in the file.
      return { width: undefined, height: undefined };
    case 'jpeg': {
      let i = 2;
      while (i + 4 <= sample.length) {
        if (sample[i] !== 0xff) return undefined;
        const marker = sample[i + 1] ?? 0;
        if (marker === 0xff) {
          i += 1; // fill byte
          continue;
        }
        if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
          i += 2; // no length
          continue;
        }
        // Scan data or end of image before a frame header: not a picture.
        if (marker === 0xda || marker === 0xd9 || marker === 0xd8) return undefined;
        const length = u16be(sample, i + 2);
        if (length < 2) return undefined;
        const sof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
        if (sof) {
          if (i + 9 > sample.length) break;
          const height = u16be(sample, i + 5);
          const width = u16be(sample, i + 7);
          // Height 0 is legal (given later by a DNL segment); width is not.
          return width > 0 ? { width, height: height > 0 ? height : undefined } : undefined;
        }
        i += 2 + length;
      }
      // Well-formed segments up to the end of the sample: the frame header lies further on.
      return complete ? undefined : { width: undefined, height: undefined };
    }
    default:
      return undefined;
  }
}

/**
 * Decides what an upload is from its first bytes (`sample`, `complete` when it
 * is the whole file), and checks what the client declared against it: the
 * file name's extension (when it has one it must be an allowed type that fits
 * the bytes), an `image/*` Content-Type or an image purpose (the bytes must be
 * an image, with a readable header).
 */
export async function inspect(
  sample: Uint8Array,
  complete: boolean,
  declared: { filename: string; mimetype: string; imageRequired: boolean; videoRequired?: boolean },
): Promise<Inspection> {
  if (sample.length === 0) return { ok: false, reason: 'empty', message: 'The file is empty' };
  const dot = declared.filename.lastIndexOf('.');
  const ext = dot > 0 ? declared.filename.slice(dot + 1).toLowerCase() : undefined;
  if (declared.videoRequired === true) return inspectVideo(sample, ext);
  const claimsImage = declared.imageRequired || /^image\//i.test(declared.mimetype) || (ext !== undefined && isExtension(ext) && ['jpeg', 'jpg', 'png', 'gif', 'bmp', 'tif', 'tiff'].includes(ext));

  const detected = await fileTypeFromBuffer(sample);
  let kind: Kind | undefined;
  if (detected) kind = FROM_FILE_TYPE[detected.ext];
  else if (looksLikeText(sample)) kind = 'text';

  const spec = kind === undefined ? undefined : KINDS[kind];
  if (claimsImage && (!spec?.image || kind === undefined)) {
    const what = spec ? spec.label : detected ? `of type ${detected.mime}` : 'not a recognised file type';
    return { ok: false, reason: 'not-an-image', message: `The file is not an image: its content is ${what}` };
  }
  if (kind === undefined || spec === undefined) {
    const what = detected ? ` (its content is ${detected.mime})` : '';
    return { ok: false, reason: 'unsupported', message: `The file type is not allowed${what}. Allowed: ${ALLOWED_EXTENSIONS.join(', ')}` };
  }
  if (ext !== undefined && !isExtension(ext)) {
    return { ok: false, reason: 'unsupported', message: `Files named .${ext} are not allowed. Allowed: ${ALLOWED_EXTENSIONS.join(', ')}` };
  }
  if (ext !== undefined && !(spec.extensions as readonly string[]).includes(ext)) {
    return { ok: false, reason: 'mismatch', message: `The file is named .${ext} but its content is ${spec.label}` };
  }
  if (kind === 'cfb' && ext === undefined) {
    return { ok: false, reason: 'mismatch', message: 'Name the file with its extension (.doc, .xls, .ppt or .msg): the content alone does not tell them apart' };
  }
  let image: ImageInfo | undefined;
  if (spec.image) {
    image = imageInfo(kind, sample, complete);
    if (!image) return { ok: false, reason: 'not-an-image', message: `The file is not a valid image: it starts like ${spec.label} but its header is broken` };
  }
  if (declared.imageRequired && !(WEB_IMAGE_KINDS as readonly string[]).includes(kind)) {
    return { ok: false, reason: 'not-an-image', message: `Banner and logo images must be JPEG, PNG or GIF; the file is ${spec.label}` };
  }
  const extension = ext ?? spec.extensions[0];
  return { ok: true, kind, extension, contentType: MIME[extension], image };
}

/** `purpose=video`: the bytes must be an MP4, QuickTime or WebM video, and a name's extension must fit them. */
async function inspectVideo(sample: Uint8Array, ext: string | undefined): Promise<Inspection> {
  const detected = await fileTypeFromBuffer(sample);
  const video = detected ? VIDEO_KINDS[detected.ext] : undefined;
  if (!detected || !video) {
    const what = detected ? ` (its content is ${detected.mime})` : '';
    return { ok: false, reason: 'unsupported', message: `A video must be MP4, QuickTime or WebM${what}` };
  }
  if (ext !== undefined && !(video.extensions as readonly string[]).includes(ext)) {
    return { ok: false, reason: 'mismatch', message: `The file is named .${ext} but its content is ${video.contentType}` };
  }
  const extension = video.extensions.find((e) => e === ext) ?? video.extensions[0];
  return { ok: true, kind: 'video', extension, contentType: video.contentType, image: undefined };
}

/** Whether a stored file's extension is one of the web image types (JPEG, PNG, GIF). */
export function isWebImage(extension: string): boolean {
  return ['jpeg', 'jpg', 'png', 'gif'].includes(extension);
}
