/** A file's size as people read it ('12 kB', '2.4 MB'). */
export const sizeText = (size: number) => (size >= 1024 * 1024 ? `${(size / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.ceil(size / 1024))} kB`);

/** Downloads a file of the API under its name: the app's one way (data/files.ts). */
export { downloadFile } from '../../data/files';
