import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, realtimeUpgrade, tinyPdf } from '../factories.ts';
import { createTestApp } from '../test-app.ts';
import { createCast, roles, type Cast, type Person, type Role } from './cast.ts';

/** What one role sends on one route. */
export interface Call {
  /** Values for the route's {placeholders}. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  payload?: object;
  /** Sent as the multipart field "photo" instead of a JSON body. */
  photo?: true;
  /** Sent as the multipart field "file" (a PDF, for a form's file question) instead of a JSON body. */
  file?: true;
  /** Acts as this person instead of the cast's one for the role: a fresh session, a stand-in. */
  as?: Person;
}

/**
 * One row of the authorization matrix: a route as the OpenAPI document names it
 * ("PATCH /api/teams/{teamId}"), what it is tried on, and the status each role gets.
 * `call` runs once per role; a write builds a fresh target for each role, so what one
 * role did cannot change what the next one gets.
 */
export interface MatrixRow {
  route: string;
  /** Said when a route has several rows (a private team, a draft season). */
  target?: string;
  call?: (cast: Cast, role: Role) => Call | Promise<Call>;
  expect: Record<Role, number>;
}

/** A row's statuses, in the order of the columns: anonymous, otherUser, member, organizer, owner. */
export const statuses = (anonymous: number, otherUser: number, member: number, organizer: number, owner: number) => ({
  anonymous,
  otherUser,
  member,
  organizer,
  owner,
});
export const everyone = (status: number) => statuses(status, status, status, status, status);
export const signedIn = (status: number) => statuses(401, status, status, status, status);

/** The realtime socket is not in the OpenAPI document (it is no JSON route); its row is kept by hand. */
export const realtimeRoute = 'GET /api/realtime';

/** Every operation of the OpenAPI document, as "METHOD /path/{param}". */
export function openApiRoutes(app: FastifyInstance): string[] {
  const document = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

let photo: Buffer | undefined;
/** A small PNG, as the rows that upload a photo send it. */
export async function photoBytes(): Promise<Buffer> {
  photo ??= await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  return photo;
}

/** The status the caller got; a 404 from no route at all is told apart, so a wrong URL cannot pass as "hidden". */
async function statusOf(cast: Cast, route: string, call: Call, person: Person | null): Promise<number | string> {
  const [method, template] = route.split(' ') as [InjectOptions['method'], string];
  const url = template.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`the row for ${route} gives no ${name}`);
    return encodeURIComponent(value);
  });
  const headers: Record<string, string> = person ? { cookie: person.cookie } : {};
  if (route === realtimeRoute) {
    try {
      const socket = await cast.t.app.injectWS(url, realtimeUpgrade(headers.cookie ?? ''));
      socket.terminate();
      return 101;
    } catch (error) {
      return Number(/response: (\d+)/.exec(String(error))?.[1] ?? 0);
    }
  }
  let payload: InjectOptions['payload'] = call.payload;
  if (call.photo || call.file) {
    const body = call.photo
      ? multipartFile(await photoBytes(), { field: 'photo', filename: 'p.png', contentType: 'image/png' })
      : multipartFile(tinyPdf, { filename: 'scan.pdf', contentType: 'application/pdf' });
    payload = body.payload;
    headers['content-type'] = body.contentType;
  }
  const response = await cast.t.app.inject({ method, url, query: call.query, headers, payload });
  if (response.statusCode === 404 && response.body.includes('There is no such API route.')) return 'no such route';
  return response.statusCode;
}

/**
 * One test per row: every role calls the route in turn, and the statuses they got are
 * compared with the row's at once, so a failure shows the whole row.
 */
export function describeMatrix(title: string, rows: MatrixRow[]): void {
  describe(title, () => {
    let cast: Cast;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const t = await createTestApp();
      close = t.close;
      cast = await createCast(t);
    });
    afterAll(async () => {
      await close();
    });

    it.each(rows.map((row) => [row.target ? `${row.route} (${row.target})` : row.route, row] as const))(
      '%s',
      async (_label, row) => {
        const got: Record<string, number | string> = {};
        for (const role of roles) {
          const call = (await row.call?.(cast, role)) ?? {};
          const person = call.as ?? (role === 'anonymous' ? null : cast.people[role]);
          got[role] = await statusOf(cast, row.route, call, person);
        }
        expect(got).toEqual(row.expect);
      },
    );
  });
}
