import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import type { SkillLevel } from './events.ts';

/**
 * Issue 16, quizzes (spec §2 quiz, quiz/{sport}; §6: public). A quiz is data: questions whose
 * answers carry points, and the levels the total maps to. Adding a sport is adding an entry here
 * (its route, quiz/{id}, follows). The server scores a saved quiz from the answers itself, so a
 * level is never taken from the browser.
 */
export interface QuizOption {
  id: string;
  label: string;
  points: number;
}
export interface QuizQuestion {
  id: string;
  text: string;
  options: QuizOption[];
}
export interface QuizLevel {
  /** The lowest level of the band (2.0, 2.5, … 5.0). */
  level: number;
  title: string;
  explanation: string;
  /** The events' skill level games at this level are listed under (discover's filter). */
  skillLevel: Exclude<SkillLevel, 'all'>;
}
export interface Quiz {
  id: string;
  /** The game type its suggested games are searched under (the game types list). */
  gameType: string;
  title: string;
  description: string;
  /** What the scale is, said beside the result. */
  scale: string;
  questions: QuizQuestion[];
  /** From the lowest level up. */
  levels: QuizLevel[];
}

const pickleball: Quiz = {
  id: 'pickleball',
  gameType: 'Pickleball',
  title: 'Pickleball skill quiz',
  description:
    'Six questions about how you play. Your answers place you in a band from 2.0 to 5.0, like the DUPR scale many clubs use.',
  scale:
    'A DUPR-like band from 2.0 (new to the game) to 5.0 (tournament level). It is an estimate, not an official rating.',
  questions: [
    {
      id: 'experience',
      text: 'How long have you played pickleball?',
      options: [
        { id: 'new', label: 'I have not played yet, or only a few times', points: 0 },
        { id: 'months', label: 'A few months', points: 1 },
        { id: 'year', label: 'About a year, playing every week', points: 2 },
        { id: 'years', label: 'Several years, playing often', points: 3 },
      ],
    },
    {
      id: 'serve',
      text: 'How is your serve and return of serve?',
      options: [
        { id: 'learning', label: 'I am still learning to get the serve in', points: 0 },
        { id: 'in', label: 'I get most serves and returns in, without much depth', points: 1 },
        { id: 'deep', label: 'My serves and returns land deep most of the time', points: 2 },
        { id: 'placed', label: 'I place them deep with pace or spin, on purpose', points: 3 },
      ],
    },
    {
      id: 'dinks',
      text: 'How do you do in dink rallies at the kitchen line?',
      options: [
        { id: 'avoid', label: 'I do not dink yet, or avoid the kitchen', points: 0 },
        { id: 'short', label: 'I can keep a few dinks going', points: 1 },
        { id: 'patient', label: 'I stay patient in long rallies and make few errors', points: 2 },
        { id: 'attack', label: 'I move opponents with my dinks and attack a high ball', points: 3 },
      ],
    },
    {
      id: 'third-shot',
      text: 'What do you do with the third shot?',
      options: [
        { id: 'unknown', label: 'I am not sure what the third shot is', points: 0 },
        { id: 'drive', label: 'I mostly hit it hard', points: 1 },
        { id: 'drop', label: 'I try a drop, and it lands in the kitchen some of the time', points: 2 },
        { id: 'choose', label: 'I choose between a reliable drop and a drive', points: 3 },
      ],
    },
    {
      id: 'volleys',
      text: 'How are your volleys and hands battles?',
      options: [
        { id: 'miss', label: 'Fast balls at the net get past me', points: 0 },
        { id: 'block', label: 'I block most of them back', points: 1 },
        { id: 'reset', label: 'I reset hard balls into the kitchen', points: 2 },
        { id: 'win', label: 'I win most exchanges with quick counters', points: 3 },
      ],
    },
    {
      id: 'competition',
      text: 'Where do you usually play?',
      options: [
        { id: 'lessons', label: 'Lessons, clinics or friendly games', points: 0 },
        { id: 'open', label: 'Open play at my local courts', points: 1 },
        { id: 'leagues', label: 'Leagues or ladders, holding my own', points: 2 },
        { id: 'tournaments', label: 'Tournaments, with medals at 4.0 or above', points: 3 },
      ],
    },
  ],
  levels: [
    {
      level: 2,
      title: 'Getting started',
      skillLevel: 'beginner',
      explanation:
        'You are learning the rules, the serve and the scoring. Beginner games and clinics are the quickest way up.',
    },
    {
      level: 2.5,
      title: 'Beginner',
      skillLevel: 'beginner',
      explanation:
        'You keep short rallies going and get most serves in. Work on returning deep and on moving up to the kitchen line.',
    },
    {
      level: 3,
      title: 'Improving',
      skillLevel: 'intermediate',
      explanation:
        'You rally with consistency and know where to stand. The next step is a dependable third-shot drop and patient dinking.',
    },
    {
      level: 3.5,
      title: 'Intermediate',
      skillLevel: 'intermediate',
      explanation:
        'You dink, drop and volley with fair control and play with a partner. Choosing when to speed up wins you more points.',
    },
    {
      level: 4,
      title: 'Advanced',
      skillLevel: 'advanced',
      explanation:
        'You place serves and returns, reset hard balls and make few unforced errors. League and ladder play will push you further.',
    },
    {
      level: 4.5,
      title: 'Strong advanced',
      skillLevel: 'advanced',
      explanation:
        'You play fast, patient and varied pickleball and win at competitive open play. Tournament brackets at 4.5 suit you.',
    },
    {
      level: 5,
      title: 'Tournament level',
      skillLevel: 'advanced',
      explanation:
        'You have every shot and use each by choice. You compete at the top of local and regional tournaments.',
    },
  ],
};

/** Every quiz, in the order the quiz page lists them. */
export const quizzes: readonly Quiz[] = [pickleball];

export function findQuiz(quizId: string): Quiz | undefined {
  return quizzes.find((quiz) => quiz.id === quizId);
}

/** Where a quiz is (spec §2: quiz/pickleball). */
export const quizPaths = {
  list: '/quiz',
  quiz: (quizId: string) => `/quiz/${encodeURIComponent(quizId)}`,
} as const;

/** Question id → the chosen option's id. */
export type QuizAnswers = Record<string, string>;

/**
 * The level the answers place a player at: the share of the points they could score, spread over
 * the quiz's levels from the lowest to the highest. Undefined when an answer is missing or unknown.
 */
export function scoreQuiz(quiz: Quiz, answers: QuizAnswers): QuizLevel | undefined {
  let points = 0;
  let most = 0;
  for (const question of quiz.questions) {
    const option = question.options.find((candidate) => candidate.id === answers[question.id]);
    if (!option) return undefined;
    points += option.points;
    most += Math.max(...question.options.map((candidate) => candidate.points));
  }
  const index = Math.round((points / most) * (quiz.levels.length - 1));
  return quiz.levels[index];
}

/** The band of a saved level (a level always is one of the quiz's; the nearest below otherwise). */
export function quizLevelOf(quiz: Quiz, level: number): QuizLevel | undefined {
  return quiz.levels.filter((candidate) => candidate.level <= level).at(-1);
}

/** "3.5" */
export function formatQuizLevel(level: number): string {
  return level.toFixed(1);
}

export const quizMessages = {
  missingAnswer: 'Answer this question.',
  unknownQuestion: 'This quiz has no such question.',
  unknownQuiz: 'There is no such quiz.',
  saved: 'Your level is saved to your profile.',
} as const;

const quizIdParams = z.object({ quizId: z.string().trim().min(1).max(40) });

/** Every question of the quiz answered with one of its options (checked against the quiz on the server). */
export const saveQuizResultBody = z.strictObject({
  answers: z.record(z.string().max(40), z.string().max(40)),
});

export const quizResultReply = z
  .object({
    quizId: z.string(),
    level: z.number(),
    answers: z.record(z.string(), z.string()),
    takenAt: z.iso.datetime(),
  })
  .meta({ id: 'QuizResult' });
export type QuizResult = z.infer<typeof quizResultReply>;

export const quizResultsReply = z.object({ results: z.array(quizResultReply) });

const tags = ['quizzes'] as const;

export const quizEndpoints = {
  myResults: defineEndpoint({
    method: 'GET',
    path: '/api/me/quiz-results',
    summary: 'My saved quiz levels, one per sport',
    tags,
    reply: quizResultsReply,
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/me/quiz-results/:quizId',
    summary: 'Save my answers to a quiz; the server scores them and replaces my earlier result for that sport',
    tags,
    params: quizIdParams,
    body: saveQuizResultBody,
    reply: quizResultReply,
  }),
} as const;
