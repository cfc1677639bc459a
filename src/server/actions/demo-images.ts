import { ApiError } from '../errors';
import { demoImageOf, demoImageSvg } from '../catalogue/demo-images';
import { demoCalls } from '../../shared/contracts/files';
import { implement } from './define';

/** The pictures made so far, by family and colour: each is drawn once per process. */
const made = new Map<string, Promise<string>>();

/** GET /demo-images/<family>[--<colour>].svg (demoCalls.image): public (images load without a token), cached by the browser. */
export const demoImageActions = implement(demoCalls, {
  image: async ({ params, reply }) => {
    const picture = demoImageOf(params.name);
    if (!picture) throw new ApiError('notFound');
    const key = `${picture.family}--${picture.colour ?? ''}`;
    let svg = made.get(key);
    if (!svg) made.set(key, (svg = demoImageSvg(picture.family, picture.colour)));
    return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=86400').send(await svg);
  },
});
