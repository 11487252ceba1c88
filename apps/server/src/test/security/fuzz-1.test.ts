import { fuzzPart } from './fuzz.ts';

/** Fuzzing: part 1 of 3 (fuzz.ts). */
fuzzPart(0);
