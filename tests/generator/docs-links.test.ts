/**
 * The documentation's links: README.md and every docs/**\/*.md. A relative link must name a file or
 * folder that exists, and a `#section` must be an anchor a heading of the target file produces, by
 * GitHub's rules (github-slugger: lowercase, punctuation but - and _ dropped, spaces to -, a repeated
 * heading gets -1, -2, …). Links to other sites are not fetched. Runs in the generator project: it
 * needs no database.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(rel);
    return entry.name.endsWith('.md') ? [rel] : [];
  });
}

const FILES = ['README.md', ...markdownFiles('docs')].sort();

/** The file's lines outside fenced code blocks, with inline code spans blanked (a link there is text). */
function proseLines(text: string): { line: number; text: string }[] {
  const lines: { line: number; text: string }[] = [];
  let fence: string | null = null;
  text.split('\n').forEach((raw, i) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(raw)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return;
    }
    if (fence === null) lines.push({ line: i + 1, text: raw });
  });
  return lines;
}

/** The text a heading shows: markdown links as their text, code spans and HTML tags as what they hold. */
function headingText(source: string): string {
  return source
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`([^`]*)`/g, '$1')
    .trim();
}

const anchorCache = new Map<string, Set<string>>();

/** Every anchor the headings of a markdown file produce on GitHub. */
function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (!anchors) {
    const slugger = new GithubSlugger();
    anchors = new Set(
      proseLines(readFileSync(path.join(ROOT, file), 'utf8'))
        .map(({ text }) => /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1])
        .filter((heading): heading is string => heading !== undefined)
        .map((heading) => slugger.slug(headingText(heading))),
    );
    anchorCache.set(file, anchors);
  }
  return anchors;
}

interface Link { line: number; target: string }

/** The links of a file: inline `[text](target)` and `![alt](target)`, HTML `<a href>` and `<img src>`, reference definitions. */
function linksOf(file: string): Link[] {
  return proseLines(readFileSync(path.join(ROOT, file), 'utf8')).flatMap(({ line, text }) => {
    const prose = text.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
    const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
    const html = [...prose.matchAll(/<(?:a|img)\s[^>]*?(?:href|src)="([^"]+)"/g)].map((m) => m[1]!);
    const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(prose)?.[1];
    return [...inline, ...html, ...(definition ? [definition] : [])].map((target) => ({ line, target }));
  });
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** What is wrong with one relative link of `file`, or null. */
function problemOf(file: string, target: string): string | null {
  const hash = target.indexOf('#');
  const pathPart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash)).replace(/\?.*$/, '');
  const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
  const resolved = pathPart === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart));
  if (resolved.startsWith('..')) return 'points outside the repository';
  const absolute = path.join(ROOT, resolved);
  if (!existsSync(absolute)) return 'no such file';
  if (anchor === null || anchor === '') return null;
  const anchorFile = statSync(absolute).isDirectory() ? path.posix.join(resolved, 'README.md') : resolved;
  if (!anchorFile.endsWith('.md') || !existsSync(path.join(ROOT, anchorFile))) return 'an anchor in a file that is not markdown';
  return anchorsOf(anchorFile).has(anchor) ? null : `no heading makes #${anchor} in ${anchorFile}`;
}

describe('documentation links', () => {
  test('the README and the docs/ pages are found', () => {
    expect(FILES).toContain('README.md');
    expect(FILES).toContain('docs/README.md');
    expect(FILES.length).toBeGreaterThan(20);
  });

  test.each(FILES)('%s: every relative link names a file and heading that exist', (file) => {
    const broken = linksOf(file)
      .filter(({ target }) => !isExternal(target))
      .map(({ line, target }) => ({ line, target, problem: problemOf(file, target) }))
      .filter(({ problem }) => problem !== null)
      .map(({ line, target, problem }) => `${file}:${line} ${target}: ${problem}`);
    expect(broken).toEqual([]);
  });

  test('the check sees the links and anchors it is meant to check', () => {
    const relative = FILES.flatMap((file) => linksOf(file).filter(({ target }) => !isExternal(target)));
    expect(relative.length).toBeGreaterThan(60);
    expect(relative.filter(({ target }) => target.includes('#')).length).toBeGreaterThan(15);
    // GitHub's slugs, as the links in these pages rely on them.
    const slugger = new GithubSlugger();
    expect(['Files (uploads)', 'A `BlobStore`, again', 'Files (uploads)'].map((h) => slugger.slug(headingText(h))))
      .toEqual(['files-uploads', 'a-blobstore-again', 'files-uploads-1']);
  });
});
