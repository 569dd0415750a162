import { errorReply } from '@huddle/shared/error-reply';
import { formIdParams, formLimits } from '@huddle/shared/forms';
import {
  formUploadDownloadQuery,
  formUploadParams,
  formUploadQuery,
  formUploadReply,
  uploadMessages,
} from '@huddle/shared/uploads';

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { attachmentHeader } from '../../lib/files/sniff-file-kind.ts';
import { findSessionUserId } from '../../lib/session.ts';
import {
  deleteOrphanFormUploads,
  downloadFormFile,
  orphanUploadsCron,
  orphanUploadsJob,
  uploadFormFile,
} from './form-uploads.service.ts';

const maxBytes = formLimits.fileSizeMb * 1024 * 1024;

/** The bytes of the multipart field "file" and the name it was sent with. */
async function readFileUpload(request: FastifyRequest) {
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 } });
  if (!file || file.fieldname !== 'file') {
    throw new AppError('VALIDATION_FAILED', uploadMessages.chooseFile, { file: [uploadMessages.chooseFile] });
  }
  try {
    return { fileName: file.filename, bytes: await file.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
    const message = uploadMessages.tooLarge(formLimits.fileSizeMb);
    throw new AppError('PAYLOAD_TOO_LARGE', message, { file: [message] });
  }
}

/** Issue 14: files sent with forms, uploaded before submitting and downloaded by who may (decision 037). */
export function registerFormUploadRoutes(app: FastifyInstance, { db, auth, privateStorage, clock, jobs }: AppDeps) {
  const deps = { db, privateStorage, log: app.log };
  const viewer = (request: FastifyRequest) => findSessionUserId(auth, request);

  jobs.define(orphanUploadsJob, async () => {
    await deleteOrphanFormUploads(deps, { now: clock.now() });
  });
  jobs.every(orphanUploadsJob, orphanUploadsCron);

  // Multipart, so declared here rather than as a JSON endpoint.
  app.post(
    '/api/forms/:formId/uploads',
    {
      schema: {
        summary: `Upload a file for a form's file question (PDF, JPEG, PNG, WebP or HEIC, at most ${formLimits.fileSizeMb} MB) as the multipart field "file"`,
        tags: ['forms'],
        consumes: ['multipart/form-data'],
        params: formIdParams,
        querystring: formUploadQuery,
        response: { 201: formUploadReply, '4xx': errorReply, '5xx': errorReply },
      },
      // Anyone may fill a public form, so uploads are counted per client address: enough for a
      // filler retrying a few files, too few to fill the disk.
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const { formId } = request.params as z.output<typeof formIdParams>;
      const { fieldId, clientId } = request.query as z.output<typeof formUploadQuery>;
      const viewerId = await viewer(request);
      const file = await readFileUpload(request);
      const stored = await uploadFormFile(deps, { viewerId, formId, fieldId, clientId, ...file, now: clock.now() });
      return reply.status(201).send(stored);
    },
  );

  app.get(
    '/api/forms/:formId/uploads/:uploadId',
    {
      schema: {
        summary: "Download a form's file (its uploader and the form's readers; 404 for anyone else)",
        tags: ['forms'],
        params: formUploadParams,
        querystring: formUploadDownloadQuery,
        response: {
          200: {
            description: 'The file, as an attachment',
            content: { 'application/octet-stream': { schema: z.string() } },
          },
          '4xx': errorReply,
        },
      },
    },
    async (request, reply) => {
      const { formId, uploadId } = request.params as z.output<typeof formUploadParams>;
      const { clientId } = request.query as z.output<typeof formUploadDownloadQuery>;
      const file = await downloadFormFile(deps, { viewerId: await viewer(request), formId, uploadId, clientId });
      // Always an attachment with the type the bytes were checked to be: the browser never renders it in Huddle's origin.
      return reply
        .type(file.contentType)
        .header('content-disposition', attachmentHeader(file.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
}
