import { localToInstant } from '@huddle/shared/event-occurrences';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamAs, eventBodyFor, insertEvent, insertParty, insertPlace, signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { events } from '../events/events.schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie = '', payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });

/** The calendar's lines, long lines unfolded (RFC 5545 §3.1). */
const linesOf = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

/** The VEVENT blocks of a calendar, each as its lines. */
const veventsOf = (ics: string) =>
  ics
    .replace(/\r\n[ \t]/g, '')
    .split('BEGIN:VEVENT')
    .slice(1)
    .map((block) => block.split('END:VEVENT')[0]?.split('\r\n') ?? []);

/** A weekly Tuesday and Thursday game in Austin across the start of daylight saving time (10 March 2030). */
const weeklyAcrossDst = {
  timeZone: 'America/Chicago',
  startLocal: '2030-03-05T18:00',
  endLocal: '2030-03-05T19:30',
  repeat: { weekdays: [2, 4], until: '2030-03-21', count: null },
};

async function eventFile(eventId: string, cookie = '') {
  return call('GET', `/api/events/${eventId}/calendar.ics`, cookie);
}

describe('event calendar file', () => {
  it('holds the series in its own time zone, with a VTIMEZONE', async () => {
    const owner = await signUpUser(t.app);
    const place = await insertPlace(t.db, { name: 'Zilker Park', address: '2100 Barton Springs Rd, Austin, TX' });
    const event = await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: place.id,
      title: 'Tuesday & Thursday Soccer',
      ...weeklyAcrossDst,
    });
    const response = await eventFile(event.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="tuesday-thursday-soccer.ics"');
    const lines = linesOf(response.body);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('BEGIN:VTIMEZONE');
    expect(lines).toContain('TZID:America/Chicago');
    const [vevent] = veventsOf(response.body);
    expect(vevent).toContain('DTSTART;TZID=America/Chicago:20300305T180000');
    expect(vevent).toContain('DTEND;TZID=America/Chicago:20300305T193000');
    // The last occurrence (21 March, 18:00 CDT) in UTC: the series keeps 18:00 local after the change.
    expect(vevent).toContain('RRULE:FREQ=WEEKLY;UNTIL=20300321T230000Z;BYDAY=TU,TH');
    expect(vevent).toContain('STATUS:CONFIRMED');
    expect(vevent).toContain('SUMMARY:Tuesday & Thursday Soccer');
    expect(vevent?.find((line) => line.startsWith('LOCATION:'))).toContain('Zilker Park');
    expect(vevent?.find((line) => line.startsWith('UID:'))).toBe(`UID:${event.id}@localhost:3000`);
  });

  it('marks a cancelled event CANCELLED with a higher sequence', async () => {
    const owner = await signUpUser(t.app);
    const place = await insertPlace(t.db);
    const event = await insertEvent(t.db, { creatorId: owner.user.id, placeId: place.id });
    const before = veventsOf((await eventFile(event.id)).body)[0] ?? [];
    const sequence = (lines: string[]) => Number(lines.find((line) => line.startsWith('SEQUENCE:'))?.slice(9));
    const cancelledAt = new Date(event.createdAt.getTime() + 60_000);
    await t.db.update(events).set({ cancelledAt, updatedAt: cancelledAt }).where(eq(events.id, event.id));
    const after = veventsOf((await eventFile(event.id)).body)[0] ?? [];
    expect(before).toContain('STATUS:CONFIRMED');
    expect(after).toContain('STATUS:CANCELLED');
    expect(sequence(after)).toBeGreaterThan(sequence(before));
    expect(after).toContain('DTSTART;TZID=America/Chicago:20300604T180000');
  });

  it('follows the event view rule: a team-only event is for members only', async () => {
    const owner = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    const outsider = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    expect((await call('POST', `/api/teams/${team.id}/join`, member.cookie)).statusCode).toBeLessThan(300);
    const place = await insertPlace(t.db);
    const event = await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: place.id,
      teamId: team.id,
      visibility: 'team',
    });
    expect((await eventFile(event.id, owner.cookie)).statusCode).toBe(200);
    expect((await eventFile(event.id, member.cookie)).statusCode).toBe(200);
    const refused = await eventFile(event.id, outsider.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('NOT_FOUND');
    expect((await eventFile(event.id)).statusCode).toBe(404);
  });

  it('answers unknown and malformed ids with a JSON error', async () => {
    const unknown = await eventFile('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    const malformed = await eventFile('not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.eventId).toBeDefined();
  });
});

describe('calendar feeds', () => {
  const createFeed = (cookie: string, teamId: string | null = null) =>
    call('POST', '/api/me/calendar-feeds', cookie, { teamId });
  const feedPath = (url: string) => new URL(url).pathname;

  it('"my games" holds created events, joined occurrences and cancellations, and follows edits', async () => {
    const me = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const austin = await insertPlace(t.db);
    const berlin = await insertPlace(t.db, { name: 'Tempelhofer Feld', lat: 52.4731, lng: 13.4015 });
    const mine = await insertEvent(t.db, { creatorId: me.user.id, placeId: austin.id, title: 'My Pickup' });
    const series = await insertEvent(t.db, {
      creatorId: other.user.id,
      placeId: berlin.id,
      title: 'Berlin Weekly',
      timeZone: 'Europe/Berlin',
      startLocal: '2030-03-26T19:00',
      endLocal: '2030-03-26T21:00',
      repeat: { weekdays: [2], until: null, count: 4 },
    });
    const waiting = await insertEvent(t.db, { creatorId: other.user.id, placeId: austin.id, title: 'Full Game' });
    const cancelled = await insertEvent(t.db, {
      creatorId: other.user.id,
      placeId: austin.id,
      title: 'Rained Out',
      cancelledAt: new Date(),
    });
    const notMine = await insertEvent(t.db, { creatorId: other.user.id, placeId: austin.id, title: 'Not My Game' });
    // The second Tuesday of the series is after Europe's change to summer time (31 March 2030).
    const secondTuesday = localToInstant('2030-04-02T19:00', 'Europe/Berlin');
    await insertParty(t.db, { eventId: series.id, userId: me.user.id, occurrenceStartsAt: secondTuesday });
    await insertParty(t.db, {
      eventId: waiting.id,
      userId: me.user.id,
      occurrenceStartsAt: waiting.startsAt,
      status: 'waitlisted',
    });
    await insertParty(t.db, { eventId: cancelled.id, userId: me.user.id, occurrenceStartsAt: cancelled.startsAt });

    expect((await createFeed('')).statusCode).toBe(401);
    const created = await createFeed(me.cookie);
    expect(created.statusCode).toBe(201);
    const feed = created.json() as { id: string; url: string; teamId: null; teamName: null };
    expect(feed).toMatchObject({ teamId: null, teamName: null });
    expect(feed.url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await call('GET', '/api/me/calendar-feeds', me.cookie)).json().feeds).toEqual([
      expect.objectContaining({ id: feed.id, url: feed.url }),
    ]);

    // No session: the token is the key.
    const response = await call('GET', feedPath(feed.url));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('filename="huddle-my-games.ics"');
    const lines = linesOf(response.body);
    expect(lines).toContain('TZID:America/Chicago');
    expect(lines).toContain('TZID:Europe/Berlin');
    const vevents = veventsOf(response.body);
    const bySummary = (summary: string) => vevents.find((lines) => lines.includes(`SUMMARY:${summary}`)) ?? [];
    expect(vevents).toHaveLength(4);
    expect(bySummary('Not My Game')).toEqual([]);
    expect(bySummary('My Pickup')).toContain(`UID:${mine.id}@localhost:3000`);
    expect(bySummary('Berlin Weekly')).toContain('DTSTART;TZID=Europe/Berlin:20300402T190000');
    expect(bySummary('Berlin Weekly').some((line) => line.startsWith('RRULE'))).toBe(false);
    expect(bySummary('Full Game')).toContain('STATUS:TENTATIVE');
    expect(bySummary('Rained Out')).toContain('STATUS:CANCELLED');
    void notMine;

    // Regenerated on every request: an edit shows at the next refresh.
    await t.db.update(events).set({ title: 'My Pickup, moved', updatedAt: new Date() }).where(eq(events.id, mine.id));
    expect((await call('GET', feedPath(feed.url))).body).toContain('SUMMARY:My Pickup\\, moved');
  });

  it('stop working once revoked, and only their owner can revoke them', async () => {
    const owner = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const feed = (await createFeed(owner.cookie)).json() as { id: string; url: string };
    const refused = await call('DELETE', `/api/me/calendar-feeds/${feed.id}`, other.cookie);
    expect(refused.statusCode).toBe(404);
    expect((await call('GET', feedPath(feed.url))).statusCode).toBe(200);

    expect((await call('DELETE', `/api/me/calendar-feeds/${feed.id}`, owner.cookie)).json()).toEqual({ ok: true });
    const gone = await call('GET', feedPath(feed.url));
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toContain('application/json');
    expect(gone.json().error.code).toBe('NOT_FOUND');
    expect((await call('GET', '/api/me/calendar-feeds', owner.cookie)).json().feeds).toEqual([]);
    expect((await call('DELETE', `/api/me/calendar-feeds/${feed.id}`, owner.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/calendar/not-a-real-token.ics')).statusCode).toBe(404);
  });

  it('for a team are for its members, and hold the team’s events', async () => {
    const owner = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    const outsider = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie, { name: 'Eastside Kickers' });
    const privateTeam = await createTeamAs(t.app, owner.cookie, { visibility: 'private' });
    expect((await call('POST', `/api/teams/${team.id}/join`, member.cookie)).statusCode).toBeLessThan(300);
    const place = await insertPlace(t.db);
    await insertEvent(t.db, { creatorId: owner.user.id, placeId: place.id, teamId: team.id, title: 'Team Open Game' });
    await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: place.id,
      teamId: team.id,
      visibility: 'team',
      title: 'Team Practice',
    });
    await insertEvent(t.db, { creatorId: owner.user.id, placeId: place.id, title: 'Unrelated Game' });

    const refused = await createFeed(outsider.cookie, team.id);
    expect(refused.statusCode).toBe(403);
    expect((await createFeed(outsider.cookie, privateTeam.id)).statusCode).toBe(404);
    const badId = await createFeed(member.cookie, 'nope' as string);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields.teamId).toBeDefined();

    const created = await createFeed(member.cookie, team.id);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ teamId: team.id, teamName: 'Eastside Kickers' });
    const response = await call('GET', feedPath(created.json().url));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('filename="huddle-eastside-kickers.ics"');
    const summaries = veventsOf(response.body).map((lines) => lines.find((line) => line.startsWith('SUMMARY:')));
    expect(summaries.sort()).toEqual(['SUMMARY:Team Open Game', 'SUMMARY:Team Practice']);
  });
});

describe('text people typed, in calendar files', () => {
  /** RFC 5545 §3.3.11: backslash, semicolon and comma escaped, every line break as \n. */
  const escaped = (text: string) =>
    text
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n');
  /** Every unfolded line is one property (NAME[;PARAM=…]:value); nothing else can be in the file. */
  const expectOnlyProperties = (ics: string) => {
    const strays = linesOf(ics).filter((line) => line !== '' && !/^[A-Z][A-Z0-9-]*[;:]/.test(line));
    expect(strays).toEqual([]);
  };
  /** VEVENTs as whole lines (the text inside a SUMMARY may say BEGIN:VEVENT; a line may not). */
  const veventLinesOf = (ics: string) => {
    const blocks: string[][] = [];
    for (const line of linesOf(ics)) {
      if (line === 'BEGIN:VEVENT') blocks.push([]);
      else if (line === 'END:VEVENT') continue;
      else blocks.at(-1)?.push(line);
    }
    return blocks;
  };
  const hostileTitles = [
    'Game\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Injected',
    'Line\nfeed only',
    'Carriage\rreturn only',
    'Semi;colon, comma and back\\slash',
    'BEGIN:VEVENT inside a title',
  ];

  it('is escaped in every event title, so one event stays one VEVENT', async () => {
    const owner = await signUpUser(t.app);
    const place = await insertPlace(t.db, { name: 'Court;\r\nBEGIN:VEVENT', address: 'Line one\nLine two, TX' });
    for (const title of hostileTitles) {
      const created = await call('POST', '/api/events', owner.cookie, eventBodyFor(place.id, { title }));
      expect(created.statusCode).toBe(201);
      const ics = (await eventFile(created.json().id)).body;
      expectOnlyProperties(ics);
      const [vevent, ...more] = veventLinesOf(ics);
      expect(more).toEqual([]);
      expect(vevent).toContain(`SUMMARY:${escaped(title)}`);
      expect(linesOf(ics)).toContain(`X-WR-CALNAME:${escaped(title)}`);
      expect(vevent?.find((line) => line.startsWith('LOCATION:'))).toBe(
        `LOCATION:${escaped('Court;\r\nBEGIN:VEVENT')}\\n${escaped('Line one\nLine two, TX')}`,
      );
    }
  });

  it('is escaped in a team name, the name of the team feed', async () => {
    const owner = await signUpUser(t.app);
    const name = 'Kickers\r\nEND:VCALENDAR\r\nBEGIN:VEVENT';
    const team = await createTeamAs(t.app, owner.cookie, { name });
    const place = await insertPlace(t.db);
    await insertEvent(t.db, { creatorId: owner.user.id, placeId: place.id, teamId: team.id, title: 'Team Game' });
    const feed = (await call('POST', '/api/me/calendar-feeds', owner.cookie, { teamId: team.id })).json();
    const ics = (await call('GET', new URL(feed.url).pathname)).body;
    expectOnlyProperties(ics);
    expect(veventLinesOf(ics)).toHaveLength(1);
    expect(linesOf(ics)).toContain(`X-WR-CALNAME:${escaped(`${name} (Huddle)`)}`);
    expect(linesOf(ics).filter((line) => line === 'END:VCALENDAR')).toHaveLength(1);
  });
});

describe('one date of an event as a calendar file (issue 11)', () => {
  it('holds that date alone, at its wall-clock time in the event’s zone, with no repeat', async () => {
    const owner = await signUpUser(t.app);
    const player = await signUpUser(t.app);
    const place = await insertPlace(t.db, { name: 'Zilker Park' });
    const event = await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: place.id,
      title: 'Weekly Soccer',
      ...weeklyAcrossDst,
    });
    // Thursday 14 March 2030, after the change to daylight saving time: still 18:00 in Austin.
    const startsAt = localToInstant('2030-03-14T18:00', 'America/Chicago');
    await insertParty(t.db, { eventId: event.id, userId: player.user.id, occurrenceStartsAt: startsAt });
    const response = await call(
      'GET',
      `/api/events/${event.id}/calendar.ics?occurrence=${startsAt.toISOString()}`,
      player.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="weekly-soccer-2030-03-14.ics"');
    const [vevent, ...others] = veventsOf(response.body);
    expect(others).toHaveLength(0);
    expect(vevent).toContain('DTSTART;TZID=America/Chicago:20300314T180000');
    expect(vevent).toContain('DTEND;TZID=America/Chicago:20300314T193000');
    expect(vevent?.some((line) => line.startsWith('RRULE'))).toBe(false);
    // Its own UID: the same as the date's entry in the player's "my games" feed, not the series'.
    expect(vevent).toContain(`UID:${event.id}-20300314T230000Z@${new URL(t.config.publicOrigin).host}`);
    expect(linesOf(response.body)).toContain('TZID:America/Chicago');
  });

  it('refuses a date the series does not have, and hides a team-only event from outsiders', async () => {
    const owner = await signUpUser(t.app);
    const outsider = await signUpUser(t.app);
    const place = await insertPlace(t.db);
    const event = await insertEvent(t.db, { creatorId: owner.user.id, placeId: place.id, ...weeklyAcrossDst });
    const wednesday = localToInstant('2030-03-13T18:00', 'America/Chicago').toISOString();
    expect((await call('GET', `/api/events/${event.id}/calendar.ics?occurrence=${wednesday}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/events/${event.id}/calendar.ics?occurrence=not-a-date`)).statusCode).toBe(400);

    const team = await createTeamAs(t.app, owner.cookie);
    const teamOnly = await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: place.id,
      teamId: team.id,
      visibility: 'team',
      ...weeklyAcrossDst,
    });
    const tuesday = localToInstant('2030-03-12T18:00', 'America/Chicago').toISOString();
    const url = `/api/events/${teamOnly.id}/calendar.ics?occurrence=${tuesday}`;
    expect((await call('GET', url, outsider.cookie)).statusCode).toBe(404);
    expect((await call('GET', url)).statusCode).toBe(404);
    expect((await call('GET', url, owner.cookie)).statusCode).toBe(200);
  });
});
