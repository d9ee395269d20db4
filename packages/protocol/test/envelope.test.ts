import { webCryptoPrimitives } from '../src/envelope-primitives.ts';
import { envelopeTests } from '../testing/envelope.ts';

envelopeTests('WebCrypto', webCryptoPrimitives);
