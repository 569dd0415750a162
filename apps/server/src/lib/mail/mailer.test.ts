import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { createMailer } from './mailer.ts';
import { listOutboxMailTo } from './outbox.repository.ts';

const silentLog = { info: () => undefined } as never;
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('createMailer', () => {
  it('keeps mail in the outbox when no SMTP server is configured', async () => {
    const mailer = createMailer({
      smtpUrl: undefined,
      maxConnections: 1,
      from: 'Huddle <no-reply@huddle.local>',
      db: database.db,
      log: silentLog,
    });
    await mailer.send({ to: 'kim@example.com', subject: 'Hello', text: 'Body text' });
    const [stored] = await listOutboxMailTo(database.db, 'kim@example.com');
    expect(stored).toMatchObject({ subject: 'Hello', text: 'Body text' });
  });

  it('stores a mail tried again (the same id) once', async () => {
    const mailer = createMailer({
      smtpUrl: undefined,
      maxConnections: 1,
      from: 'Huddle <no-reply@huddle.local>',
      db: database.db,
      log: silentLog,
    });
    const mail = { id: randomUUID(), to: 'ola@example.com', subject: 'Hello', text: 'Body text' };
    await mailer.send(mail);
    await mailer.send(mail);
    expect(await listOutboxMailTo(database.db, 'ola@example.com')).toHaveLength(1);
  });

  it('delivers over SMTP when SMTP_URL is set, and stores nothing', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        maxConnections: 1,
        from: 'Huddle <no-reply@huddle.local>',
        db: database.db,
        log: silentLog,
      });
      await mailer.send({ to: 'lee@example.com', subject: 'Reset your Huddle password', text: 'Open the link' });
      mailer.close();
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Reset your Huddle password');
      expect(received[0]).toContain('Open the link');
      expect(await listOutboxMailTo(database.db, 'lee@example.com')).toHaveLength(0);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
