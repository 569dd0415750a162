import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from './error-handler.ts';

/**
 * The web client trusts replies without parsing them (apps/web/src/lib/api-client.ts): this is
 * the check it relies on. Every reply passes its endpoint's schema on the way out.
 */
function appReplying(body: unknown) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.get(
    '/thing',
    { schema: { response: { 200: z.object({ id: z.string() }) } } },
    async () => body as { id: string },
  );
  return app;
}

describe('replies keep their contract', () => {
  it('sends the reply as its schema outputs it: keys it does not declare are dropped', async () => {
    const reply = await appReplying({ id: 'a', secret: 'not for the client' }).inject({ url: '/thing' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ id: 'a' });
  });

  it('turns a reply that breaks its schema into the 500 error shape, never the broken body', async () => {
    const reply = await appReplying({ id: 7 }).inject({ url: '/thing' });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toMatchObject({ error: { code: 'INTERNAL' } });
    expect(reply.body).not.toContain('"id":7');
  });
});
