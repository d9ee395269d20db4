import { webCryptoPrimitives } from './envelope-primitives.ts';
import { envelopeTests } from './envelope-tests.ts';

envelopeTests('WebCrypto', webCryptoPrimitives);
