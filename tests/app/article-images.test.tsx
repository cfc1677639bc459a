import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArticleImages, type ArticleImagesProps, type ArticleImagesValue } from '../../src/app/features/article-images/ArticleImages';
import type { RecordedCall } from './helpers';
import { renderShop, signedIn, type Respond } from './shop/harness';

/**
 * An article's images (src/app/features/article-images/ArticleImages.tsx): shown in the shop's order
 * with the main one marked; an upload goes through the article's call (a company's own article or a
 * platform article's offer) with its busy state and its translated refusals; making one the main
 * image, moving and removing hand the host the new {images, image} to save.
 */

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const A = '/api/article-images/aaaaaaaa-0000-4000-8000-000000000001';
const B = '/api/article-images/aaaaaaaa-0000-4000-8000-000000000002';
const C = '/api/article-images/aaaaaaaa-0000-4000-8000-000000000003';
const NEW = '/api/article-images/aaaaaaaa-0000-4000-8000-000000000004';

const jpegFile = (name = 'foto.jpg', size = 100) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

async function show(props: Partial<ArticleImagesProps>, respond: Respond = () => undefined) {
  signedIn();
  const onChange = vi.fn<(next: ArticleImagesValue) => void>();
  const onUploaded = vi.fn<(next: ArticleImagesValue) => void>();
  const { net } = await renderShop(
    <ArticleImages image={B} images={[A, B, C]} uploadTo={{ articleId: 'art-1' }} title="Ordner A4" onChange={onChange} onUploaded={onUploaded} {...props} />,
    respond, { path: '/product-management/art-1' },
  );
  const list = await screen.findByRole('list', { name: 'Afbeeldingen van het artikel' });
  return { net, onChange, onUploaded, list };
}

const items = (list: HTMLElement) => within(list).getAllByRole('listitem');
const choose = (file: File) => fireEvent.change(screen.getByLabelText('Kies een afbeelding om toe te voegen'), { target: { files: [file] } });
const uploads = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST');

describe('ArticleImages', () => {
  it('shows the images in the shop\'s order, the main one first and marked', async () => {
    const { list } = await show({});
    expect(items(list).map((li) => li.getAttribute('aria-label'))).toEqual(['Afbeelding 1, Hoofdafbeelding', 'Afbeelding 2', 'Afbeelding 3']);
    expect(within(list).getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([B, A, C]);
    expect(within(items(list)[0]!).getByRole('img')).toHaveAttribute('alt', 'Ordner A4, afbeelding 1');
    expect(within(items(list)[0]!).getByText('Hoofdafbeelding')).toBeInTheDocument();
    expect(within(items(list)[1]!).queryByText('Hoofdafbeelding')).toBeNull();
  });

  it('makes an image the main one, moves it and removes it through onChange; the host\'s save makes it wait and shows its failure', async () => {
    const { list, onChange } = await show({});
    fireEvent.click(within(list).getByRole('button', { name: 'Hoofdafbeelding maken: Afbeelding 3' }));
    expect(onChange).toHaveBeenLastCalledWith({ images: [C, B, A], image: C });
    fireEvent.click(within(list).getByRole('button', { name: 'Naar rechts: Afbeelding 2' }));
    expect(onChange).toHaveBeenLastCalledWith({ images: [B, C, A], image: B });
    fireEvent.click(within(list).getByRole('button', { name: 'Naar links: Afbeelding 3' }));
    expect(onChange).toHaveBeenLastCalledWith({ images: [B, C, A], image: B });
    fireEvent.click(within(list).getByRole('button', { name: 'Verwijderen: Afbeelding 1' }));
    expect(onChange).toHaveBeenLastCalledWith({ images: [A, C], image: A });
    // The second cannot move left (that is making it the main one), the last not right.
    expect(within(list).getByRole('button', { name: 'Naar links: Afbeelding 2' })).toBeDisabled();
    expect(within(list).getByRole('button', { name: 'Naar rechts: Afbeelding 3' })).toBeDisabled();
    cleanup();

    const saving = await show({ saving: { isPending: true, errorText: 'Het artikel kon niet bewaard worden.' } });
    for (const button of within(saving.list).getAllByRole('button')) expect(button).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Het artikel kon niet bewaard worden.');
    cleanup();

    const { list: last, onChange: removed } = await show({ image: A, images: [A] });
    fireEvent.click(within(last).getByRole('button', { name: 'Verwijderen: Afbeelding 1' }));
    expect(removed).toHaveBeenLastCalledWith({ images: [], image: null });
  });

  it('uploads to a company\'s own article: busy while it runs, then the host gets the article\'s new images', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => { answer = resolve; });
    const { net, onUploaded } = await show({}, async (call) => {
      if (call.method !== 'POST') return undefined;
      await answered;
      return { body: { id: 'art-1', image: B, images: [A, B, C, NEW], offers: [] } };
    });
    choose(jpegFile());
    const busy = await screen.findByText('Afbeelding wordt opgeladen…');
    expect(busy.closest('label')).toHaveClass('Mui-disabled');
    expect(screen.getByRole('button', { name: 'Verwijderen: Afbeelding 1' })).toBeDisabled();
    const [sent] = uploads(net.calls);
    expect([sent!.url.pathname, sent!.headers.get('Authorization')]).toEqual(['/api/product-management/art-1/images', 'Bearer token-1']);
    expect((sent!.form?.get('file') as File).name).toBe('foto.jpg');
    answer();
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith({ images: [B, A, C, NEW], image: B }));
    expect(await screen.findByText('Afbeelding toevoegen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verwijderen: Afbeelding 1' })).toBeEnabled();
  });

  it('uploads to a platform article through its offer, with that call\'s busy state and refusal; the answer is the offer', async () => {
    const answers: (() => { status?: number; body?: unknown })[] = [
      () => ({ status: 415, body: { errorCode: 'FileTypeNotAllowed', message: 'This type of file is not allowed.' } }),
      () => ({ body: { result: { id: 'off-1', image: NEW, images: [NEW], supplierName: 'Papier NV' } } }),
    ];
    let answer!: () => void;
    const { net, onUploaded } = await show({ uploadTo: { offerId: 'off-1' }, image: null, images: [] }, async (call) => {
      if (call.method !== 'POST') return undefined;
      await new Promise<void>((resolve) => { answer = resolve; });
      return answers.shift()!();
    });
    expect(screen.getByText('Dit artikel heeft nog geen afbeeldingen.')).toBeInTheDocument();
    choose(new File([new Uint8Array(10)], 'foto.webp', { type: 'image/webp' }));
    expect((await screen.findByText('Afbeelding wordt opgeladen…')).closest('label')).toHaveClass('Mui-disabled');
    answer();
    expect(await screen.findByRole('alert')).toHaveTextContent('Alleen JPEG-, PNG- of WebP-afbeeldingen kunnen toegevoegd worden.');
    choose(new File([new Uint8Array(10)], 'foto.webp', { type: 'image/webp' }));
    await waitFor(() => expect(uploads(net.calls)).toHaveLength(2));
    answer();
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith({ images: [NEW], image: NEW }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(uploads(net.calls).map((c) => c.url.pathname)).toEqual(['/api/admin/supplier-articles/off-1/upload', '/api/admin/supplier-articles/off-1/upload']);
  });

  it('shows the server\'s refusals translated: not an image by its bytes, too large', async () => {
    const refusals = [
      { status: 415, body: { errorCode: 'FileTypeNotAllowed', message: 'This type of file is not allowed.' } },
      { status: 413, body: { errorCode: 'FileTooLarge', message: 'The file is too large.' } },
    ];
    const { net, onUploaded } = await show({}, (call) => (call.method === 'POST' ? refusals.shift() : undefined));
    choose(jpegFile('eigenlijk-een-pdf.jpg'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Alleen JPEG-, PNG- of WebP-afbeeldingen kunnen toegevoegd worden.');
    choose(jpegFile());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Een afbeelding mag hoogstens 5 MB groot zijn.'));
    expect(uploads(net.calls)).toHaveLength(2);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('refuses a file that is too large or no image by its name and type before sending it', async () => {
    const { net } = await show({});
    choose(jpegFile('groot.jpg', 5 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('Een afbeelding mag hoogstens 5 MB groot zijn.');
    choose(new File(['%PDF-1.4'], 'brochure.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Alleen JPEG-, PNG- of WebP-afbeeldingen kunnen toegevoegd worden.'));
    expect(uploads(net.calls)).toEqual([]);
  });

  it('in English and French too; a reader sees the images without the controls', async () => {
    signedIn();
    await renderShop(<ArticleImages image={A} images={[A, B]} uploadTo={{ articleId: 'art-1' }} title="Binder" onChange={() => undefined} editable={false} />, () => undefined, { language: 'en' });
    const list = await screen.findByRole('list', { name: "The article's images" });
    expect(items(list).map((li) => li.getAttribute('aria-label'))).toEqual(['Image 1, Main image', 'Image 2']);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByText('Add image')).toBeNull();
    cleanup();
    signedIn();
    await renderShop(<ArticleImages image={A} images={[A]} uploadTo={{ articleId: 'art-1' }} title="Classeur" onChange={() => undefined} />, () => undefined, { language: 'fr' });
    expect(await screen.findByText('Ajouter une image')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Image 1, Image principale' })).toBeInTheDocument();
  });

  it('a host that saves what it is handed shows the new order', async () => {
    function Host() {
      const [value, setValue] = useState<ArticleImagesValue>({ images: [A, B], image: A });
      return <ArticleImages {...value} uploadTo={{ articleId: 'art-1' }} title="Ordner" onChange={setValue} onUploaded={setValue} />;
    }
    signedIn();
    await renderShop(<Host />, (call) => (call.method === 'POST' ? { body: { id: 'art-1', image: A, images: [A, B, NEW], offers: [] } } : undefined));
    const list = await screen.findByRole('list', { name: 'Afbeeldingen van het artikel' });
    fireEvent.click(within(list).getByRole('button', { name: 'Hoofdafbeelding maken: Afbeelding 2' }));
    await waitFor(() => expect(within(list).getAllByRole('img').map((i) => i.getAttribute('src'))).toEqual([B, A]));
    choose(jpegFile());
    await waitFor(() => expect(within(list).getAllByRole('img').map((i) => i.getAttribute('src'))).toEqual([A, B, NEW]));
  });
});
