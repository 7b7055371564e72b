import type { Article } from '../article-types.ts';
import { USAGE } from '../usage.ts';

export const article: Article = {
  path: '/smelling-salts-vs-pre-workout',
  kind: 'guide',
  title: 'Smelling Salts vs Pre-Workout: Which One?',
  description:
    'Smelling salts act in seconds and last seconds; pre-workout takes half an hour and lasts hours. How they differ, when to choose which, and whether to combine.',
  headline: 'Smelling Salts vs Pre-Workout',
  kicker: 'Comparison',
  lead: 'Both promise to get you ready to train, but they work in completely different ways and on completely different timescales. Knowing the difference tells you which one you need, and when.',
  published: '2026-11-22',
  updated: '2026-11-22',
  blocks: [
    { type: 'heading', text: 'Two different tools', id: 'two-different-tools' },
    {
      type: 'paragraph',
      text: 'Smelling salts work through your nose: ammonia vapour sets off a reflex, a sharp breath in and what users describe as a jolt of alertness, gone within seconds. Nothing is swallowed, and there are no calories or caffeine.',
    },
    {
      type: 'paragraph',
      text: 'Pre-workout supplements work through your stomach: most are built around caffeine, often with other ingredients, absorbed over 20-60 minutes and felt for several hours.',
    },
    {
      type: 'table',
      caption: 'Smelling salts and pre-workout side by side',
      columns: ['Compared', 'Smelling salts', 'Pre-workout'],
      rows: [
        ['How it works', 'A reflex to ammonia vapour', 'Caffeine and other ingredients absorbed into the blood'],
        ['Onset', 'Seconds', '20-60 minutes'],
        ['Lasts', 'Seconds to a minute', 'Several hours'],
        ['Calories', 'None', 'Usually a few; more with sugars'],
        ['Caffeine', 'None', 'Usually, often a lot'],
        ['Effect on sleep', 'None', 'Can keep you awake after evening training'],
        ['Cost per use', 'Cents: one bottle lasts weeks', 'Higher: a serving per session'],
        ['Best for', 'The moment before a big effort', 'Energy for a whole session'],
      ],
    },
    { type: 'heading', text: 'When smelling salts make more sense', id: 'when-smelling-salts' },
    {
      type: 'list',
      items: [
        'You need to be sharp for one effort, a max attempt, a sprint, an event, not for an hour.',
        'You train in the evening and caffeine costs you sleep.',
        'You already get enough caffeine from coffee, or do not tolerate it well.',
        'You want something you can use at the exact moment, not something you must plan for half an hour ahead.',
      ],
    },
    { type: 'heading', text: 'When pre-workout makes more sense', id: 'when-pre-workout' },
    {
      type: 'list',
      items: [
        'You want more energy across a long session, not a spike before one set.',
        'You train early and want the effect of a strong coffee, timed for the workout.',
        'You tolerate caffeine well and it does not affect your sleep.',
      ],
    },
    { type: 'heading', text: 'Can you use both?', id: 'using-both' },
    {
      type: 'paragraph',
      text: `Many lifters do: pre-workout for the session, a smelling salt before the heaviest set. If you combine them, keep your total caffeine for the day within sensible limits, do not stack stimulants, and keep the smelling salts to ${USAGE.usesPerSession}.`,
    },
    {
      type: 'callout',
      tone: 'warning',
      title: 'Heart or breathing conditions',
      text: [
        'Caffeine and smelling salts both raise heart rate. If you have a heart condition, high blood pressure or a breathing condition, avoid both unless your doctor says otherwise. Our ',
        { text: 'safety guide', to: '/safety' },
        ' lists who should not use smelling salts.',
      ],
    },
    { type: 'heading', text: 'Using smelling salts right', id: 'using-them-right' },
    {
      type: 'paragraph',
      text: `Hold the bottle ${USAGE.distance} from your nose and take one sharp breath. That is all it takes.`,
    },
    { type: 'directions' },
    {
      type: 'faq',
      items: [
        {
          q: 'Are smelling salts a stimulant like pre-workout?',
          a: 'Not in the same sense. They contain no caffeine or other stimulant drug: the alertness comes from a reflex to the smell, and it fades within a minute.',
        },
        {
          q: 'Which is better for a powerlifting meet?',
          a: [
            'Many lifters use both: a modest dose of caffeine for a long meet day, smelling salts before each heavy attempt where the rules allow. Check the rules first: see ',
            { text: 'are smelling salts legal in competition', to: '/smelling-salts-legal' },
            '.',
          ],
        },
        {
          q: 'Will smelling salts keep me awake at night?',
          a: 'No. Their effect lasts seconds and involves no caffeine, so they are a good fit for evening training.',
        },
      ],
    },
  ],
  cta: {
    title: 'Sharp for the set that counts',
    text: 'No caffeine, no calories, no crash: one sniff, right when you need it.',
    label: 'Shop smelling salts',
    to: '/#choose-your-power',
  },
};
