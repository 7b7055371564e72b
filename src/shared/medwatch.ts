/**
 * The FDA's program for reporting a product's adverse events (docs/decisions/0050): the safety
 * page links it, and every reaction report e-mailed to the owner names it. A module of its own, so
 * the safety page carries this address and nothing else of the report's.
 */
export const MEDWATCH_URL = 'https://www.fda.gov/safety/medwatch-fda-safety-information-and-adverse-event-reporting-program';
