import { errorReply } from '@huddle/shared/error-reply';
import { publicImagePath, publicImageReply } from '@huddle/shared/uploads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { readImageUpload } from '../../lib/images/read-image-upload.ts';
import { findSessionUserId, requireSessionUserId } from '../../lib/session.ts';
import { deleteUnusedImages, storePublicImage, unusedImagesCron, unusedImagesJob } from './images.service.ts';

/** Public pictures for forms' covers and sites' blocks (decision 037). */
export function registerImageRoutes(app: FastifyInstance, { auth, storage, db, jobs, clock }: AppDeps): void {
  const deps = { db, storage, log: app.log };
  jobs.define(unusedImagesJob, async () => {
    await deleteUnusedImages(deps, { now: clock.now() });
  });
  jobs.every(unusedImagesJob, unusedImagesCron);

  // Multipart, like the profile photo, so declared here rather than as a JSON endpoint.
  app.post(
    publicImagePath,
    {
      schema: {
        summary:
          'Upload a picture for a form cover or a website block (JPEG, PNG or WebP, at most 5 MB) as the multipart field "photo"',
        tags: ['images'],
        consumes: ['multipart/form-data'],
        response: { 200: publicImageReply, '4xx': errorReply, '5xx': errorReply },
      },
      // Per person: a site's gallery takes a few dozen, not thousands.
      config: {
        rateLimit: {
          hook: 'preHandler' as const,
          max: 60,
          timeWindow: '10 minutes',
          keyGenerator: async (request: FastifyRequest) => (await findSessionUserId(auth, request)) ?? request.ip,
        },
      },
    },
    async (request) => {
      const actorId = await requireSessionUserId(auth, request);
      return storePublicImage(deps, { actorId, bytes: await readImageUpload(request) });
    },
  );
}
