import { checkAnswers, createFormBody, formFields, type FormFieldInput } from '@huddle/shared/forms';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database } from './client.ts';
import { users } from '../features/accounts/accounts.schema.ts';
import { formSubmissions, forms } from '../features/forms/forms.schema.ts';
import { createForm, saveForm, setFormStatus } from '../features/forms/forms.service.ts';
import { teamMembers, teams } from '../features/teams/teams.schema.ts';
import { websites } from '../features/websites/websites.schema.ts';
import { createWebsite, publishWebsite } from '../features/websites/websites.service.ts';
import { demoAccount } from './seed.ts';

/** The demo community's pickup sign-up: a choice, a condition, a waiver. */
const pickupFields: FormFieldInput[] = [
  { type: 'heading', id: 'about', label: 'About you' },
  {
    type: 'single_choice',
    id: 'position',
    label: 'Where do you like to play?',
    required: true,
    options: [
      { id: 'keeper', label: 'Goalkeeper' },
      { id: 'defense', label: 'Defense' },
      { id: 'midfield', label: 'Midfield' },
      { id: 'attack', label: 'Attack' },
    ],
  },
  {
    type: 'short_text',
    id: 'gloves',
    label: 'Do you bring your own gloves?',
    showWhen: { fieldId: 'position', equals: 'keeper' },
  },
  { type: 'phone', id: 'phone', label: 'Phone for game-day changes' },
  {
    type: 'signature',
    id: 'waiver',
    label: 'Waiver',
    required: true,
    waiverText: 'I play at my own risk and follow the organizers’ instructions on the field.',
  },
];

/**
 * The demo's organizer tools, so /form, a form's submissions, /site and the community's website
 * are not empty on first start (issues 14 and 15): a published sign-up form of the demo's own
 * community with three players' submissions, and the community's website, published from the
 * Club template. Through the features' own services, so what is seeded passes their checks.
 * Once: nothing happens when the demo has a form already.
 */
export async function seedDemoOrganizerPages(db: Database, now: Date = new Date()): Promise<boolean> {
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoAccount.email));
  if (!demo) return false;
  const [existing] = await db.select({ total: count() }).from(forms).where(eq(forms.ownerUserId, demo.id));
  if ((existing?.total ?? 0) > 0) return false;
  const [community] = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
    .where(and(eq(teamMembers.userId, demo.id), eq(teamMembers.role, 'owner')))
    .orderBy(asc(teams.name))
    .limit(1);
  if (!community) return false;

  const draft = await createForm(db, {
    actorId: demo.id,
    form: createFormBody.parse({ title: 'Sunday pickup sign-up', teamId: community.id }),
  });
  await saveForm(
    { db },
    {
      actorId: demo.id,
      formId: draft.id,
      draft: {
        version: draft.version,
        title: 'Sunday pickup sign-up',
        description: `Tell us where you play and sign the waiver once: ${community.name} plays Sundays at 9 am.`,
        coverImageUrl: null,
        fields: formFields.parse(pickupFields),
        settings: { ...draft.settings, confirmationMessage: 'See you Sunday! Bring a light and a dark shirt.' },
      },
    },
  );
  await setFormStatus({ db }, { actorId: demo.id, formId: draft.id, status: 'published' });

  const fields = formFields.parse(pickupFields);
  const players = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, community.id), ne(teamMembers.userId, demo.id)))
    .orderBy(asc(users.email))
    .limit(3);
  const positions = ['keeper', 'midfield', 'attack'];
  const rows = players.flatMap((player, index) => {
    const at = new Date(now.getTime() - (index + 1) * 26 * 60 * 60 * 1000);
    const checked = checkAnswers(
      fields,
      {
        position: positions[index],
        gloves: 'Yes, always',
        phone: `+1 512 555 01${String(index).padStart(2, '0')}`,
        waiver: { name: player.name },
      },
      at,
    );
    if (!checked.ok) return [];
    return [
      {
        formId: draft.id,
        clientId: randomUUID(),
        userId: player.id,
        name: player.name,
        email: player.email,
        status: 'submitted' as const,
        answers: checked.answers,
        createdAt: at,
      },
    ];
  });
  if (rows.length > 0) await db.insert(formSubmissions).values(rows);

  const [site] = await db.select({ id: websites.id }).from(websites).where(eq(websites.teamId, community.id));
  if (!site) {
    const created = await createWebsite(db, { actorId: demo.id, template: 'club', teamId: community.id });
    await publishWebsite(db, { actorId: demo.id, websiteId: created.id, published: true });
  }
  return true;
}
