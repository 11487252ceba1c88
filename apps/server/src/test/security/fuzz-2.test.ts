import { fuzzPart } from './fuzz.ts';

/** Fuzzing: part 2 of 3 (fuzz.ts). */
fuzzPart(1);
