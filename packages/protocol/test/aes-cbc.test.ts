import { aesCbcTests } from './aes-cbc-tests.ts';
import { webCryptoPrimitives } from './envelope-primitives.ts';

aesCbcTests('WebCrypto', webCryptoPrimitives);
