import { fuzzPart } from './fuzz.ts';

/** Issue 16, fuzzing: part 2 of 3 (fuzz.ts). */
fuzzPart(1);
