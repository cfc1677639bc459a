import { describe, expect, it } from 'vitest';
import { chunkKeyOf, routeFiles, staticClosure, type Manifest } from '../../scripts/bundle-budget';

/** A manifest shaped like Vite's: an entry, shared chunks, lazy pages, a chunk without source. */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index.js', src: 'index.html', isEntry: true, imports: ['_react.js'], dynamicImports: ['src/Admin.tsx', 'src/Page.tsx', '_nl-1.js'] },
  '_react.js': { file: 'assets/react.js', name: 'react' },
  '_mui.js': { file: 'assets/mui.js', name: 'mui', imports: ['_react.js'] },
  '_nl-1.js': { file: 'assets/nl-1.js', name: 'nl' },
  'src/Admin.tsx': { file: 'assets/Admin.js', src: 'src/Admin.tsx', isDynamicEntry: true, imports: ['_mui.js', '_admin-lib.js'] },
  '_admin-lib.js': { file: 'assets/admin-lib.js', name: 'admin-lib' },
  'src/Page.tsx': { file: 'assets/Page.js', src: 'src/Page.tsx', isDynamicEntry: true, imports: ['_mui.js'], dynamicImports: ['node_modules/lib/dist/lite.js'] },
  'node_modules/lib/dist/lite.js': { file: 'assets/lite.js', src: 'node_modules/lib/dist/lite.js', isDynamicEntry: true },
};

describe('the bundle budget graph walk', () => {
  it('follows static imports only, never the lazy ones', () => {
    expect([...staticClosure(MANIFEST, ['index.html'])].sort()).toEqual(['assets/index.js', 'assets/react.js']);
    expect([...staticClosure(MANIFEST, ['src/Page.tsx'])].sort()).toEqual(['assets/Page.js', 'assets/mui.js', 'assets/react.js']);
  });

  it("adds a route's lazy modules with their static imports to the entry's, each file once", () => {
    const { files, missing } = routeFiles(MANIFEST, ['src/Page.tsx', 'lib/dist/lite.js', 'src/i18n/packs/nl.ts']);
    expect(missing).toEqual([]);
    expect([...files].sort()).toEqual(['assets/Page.js', 'assets/index.js', 'assets/lite.js', 'assets/mui.js', 'assets/nl-1.js', 'assets/react.js']);
    expect(files.has('assets/admin-lib.js')).toBe(false);
  });

  it('reports modules the build does not have', () => {
    expect(chunkKeyOf(MANIFEST, 'src/Gone.tsx')).toBeNull();
    expect(routeFiles(MANIFEST, ['src/Gone.tsx']).missing).toEqual(['src/Gone.tsx']);
  });
});
