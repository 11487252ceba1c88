import { fuzzPart } from './fuzz.ts';

/** Fuzzing: part 3 of 3 (fuzz.ts). */
fuzzPart(2);
