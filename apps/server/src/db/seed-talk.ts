import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, isNull, like } from 'drizzle-orm';
import type { Database } from './client.ts';
import { users } from '../features/accounts/accounts.schema.ts';
import { events } from '../features/events/events.schema.ts';
import { conversationReads, conversations, messages } from '../features/messages/messages.schema.ts';
import { notifications } from '../features/notifications/notifications.schema.ts';
import { teamMembers, teams } from '../features/teams/teams.schema.ts';
import { demoAccount } from './seed.ts';

const minute = 60_000;

/**
 * The demo's talk (issue 12), so Messages and Notifications are not empty on first start: the
 * demo's first team chatting about the week's game, a player writing to the demo directly (one
 * message unread, so the title shows its count), and what happened around the demo's games.
 * Runs once: nothing is added when any conversation exists.
 */
export async function seedDemoTalk(db: Database, now: Date = new Date()): Promise<boolean> {
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoAccount.email));
  const [existing] = await db.select({ total: count() }).from(conversations);
  if (!demo || (existing?.total ?? 0) > 0) return false;
  const [team] = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
    .where(eq(teamMembers.userId, demo.id))
    .orderBy(asc(teams.name))
    .limit(1);
  const teammates = team
    ? await db
        .select({ id: users.id, name: users.name })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(eq(teamMembers.teamId, team.id))
        .orderBy(asc(users.email))
    : [];
  const [first, second] = teammates.filter((person) => person.id !== demo.id);
  const [player] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(like(users.email, '%@huddle.test'))
    .orderBy(asc(users.email))
    .limit(2)
    .then((rows) => rows.filter((row) => row.id !== demo.id));
  const [game] = await db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(and(eq(events.creatorId, demo.id), isNull(events.cancelledAt)))
    .orderBy(asc(events.startsAt))
    .limit(1);
  if (!team || !first || !second || !player) return false;

  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * minute);
  await db.transaction(async (tx) => {
    // The team was joined before its chat began (the seed made the memberships just now).
    await tx
      .update(teamMembers)
      .set({ joinedAt: at(7 * 24 * 60) })
      .where(eq(teamMembers.teamId, team.id));
    const teamChat = randomUUID();
    const [userA, userB] = [demo.id, player.id].sort() as [string, string];
    const direct = randomUUID();
    await tx.insert(conversations).values([
      { id: teamChat, kind: 'team', teamId: team.id, createdAt: at(300) },
      { id: direct, kind: 'direct', userA, userB, createdAt: at(90) },
    ]);
    const said = (conversationId: string, senderId: string, text: string, minutesAgo: number) => ({
      conversationId,
      senderId,
      clientId: randomUUID(),
      text,
      createdAt: at(minutesAgo),
    });
    // One at a time: the identity column numbers them in this order.
    const inserted = [];
    for (const message of [
      said(teamChat, demo.id, 'Field 3 is booked for Thursday, 6:30. Bring both shirts!', 300),
      said(teamChat, first.id, 'Count me in. I can bring the cones.', 240),
      said(teamChat, second.id, 'Running 10 minutes late, save me a spot.', 30),
      said(direct, player.id, 'Hey! Is there room for a friend on Saturday?', 90),
      said(direct, demo.id, 'Sure, add them as a guest when you join.', 80),
      said(direct, player.id, 'Thanks, done. See you there!', 12),
    ]) {
      const [row] = await tx.insert(messages).values(message).returning({ seq: messages.seq });
      inserted.push(row!.seq);
    }
    // The demo has read the team chat up to their own message and the direct one up to their reply.
    await tx.insert(conversationReads).values([
      { conversationId: teamChat, userId: demo.id, lastReadSeq: inserted[1]! },
      { conversationId: direct, userId: demo.id, lastReadSeq: inserted[4]! },
    ]);
    await tx.insert(notifications).values([
      {
        userId: demo.id,
        category: 'teamMessage',
        kind: 'teamMessage',
        title: `${second.name} in ${team.name}`,
        body: 'Running 10 minutes late, save me a spot.',
        link: `/messages/${teamChat}`,
        actorId: second.id,
        subjectId: teamChat,
        teamId: team.id,
        createdAt: at(30),
      },
      ...(game
        ? [
            {
              userId: demo.id,
              category: 'eventCreatedJoin' as const,
              kind: 'playerJoined' as const,
              title: `${first.name} joined ${game.title}`,
              body: 'One more player for your game.',
              link: `/discover/events/${game.id}`,
              actorId: first.id,
              subjectId: game.id,
              createdAt: at(120),
              readAt: at(100),
            },
          ]
        : []),
    ]);
  });
  return true;
}
