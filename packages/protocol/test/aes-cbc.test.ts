import { aesCbcTests } from '../testing/aes-cbc.ts';
import { webCryptoPrimitives } from '../src/envelope-primitives.ts';

aesCbcTests('WebCrypto', webCryptoPrimitives);
