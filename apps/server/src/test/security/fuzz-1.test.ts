import { fuzzPart } from './fuzz.ts';

/** Issue 16, fuzzing: part 1 of 3 (fuzz.ts). */
fuzzPart(0);
