/** Whether `owner` has a method `name` of its own kind (native or not, as pdf.js would call it). */
const method = (owner: object | undefined, name: string) =>
  typeof (owner as Record<string, unknown> | undefined)?.[name] === 'function';

const iteratorPrototype = () => (globalThis as { Iterator?: { prototype: object } }).Iterator?.prototype;

/**
 * What pdf.js's modern build calls with no fallback, named as the core-js modules its legacy
 * build polyfills them with, and how a browser shows it has each. A browser lacking any gets
 * the legacy build (load-pdfjs.ts). The test beside this list fails when a pdf.js update
 * polyfills a feature this list does not name.
 */
export const MODERN_PDFJS_NEEDS: Record<string, () => boolean> = {
  'es.array-buffer.detached': () => 'detached' in ArrayBuffer.prototype,
  'es.array-buffer.transfer': () => method(ArrayBuffer.prototype, 'transfer'),
  'es.array-buffer.transfer-to-fixed-length': () => method(ArrayBuffer.prototype, 'transferToFixedLength'),
  'es.iterator.constructor': () => iteratorPrototype() !== undefined,
  'es.iterator.drop': () => method(iteratorPrototype(), 'drop'),
  'es.iterator.every': () => method(iteratorPrototype(), 'every'),
  'es.iterator.filter': () => method(iteratorPrototype(), 'filter'),
  'es.iterator.find': () => method(iteratorPrototype(), 'find'),
  'es.iterator.flat-map': () => method(iteratorPrototype(), 'flatMap'),
  'es.iterator.for-each': () => method(iteratorPrototype(), 'forEach'),
  'es.iterator.map': () => method(iteratorPrototype(), 'map'),
  'es.iterator.reduce': () => method(iteratorPrototype(), 'reduce'),
  'es.iterator.some': () => method(iteratorPrototype(), 'some'),
  'es.iterator.take': () => method(iteratorPrototype(), 'take'),
  'es.iterator.to-array': () => method(iteratorPrototype(), 'toArray'),
  'es.map.get-or-insert': () => method(Map.prototype, 'getOrInsert'),
  'es.map.get-or-insert-computed': () => method(Map.prototype, 'getOrInsertComputed'),
  'es.weak-map.get-or-insert': () => method(WeakMap.prototype, 'getOrInsert'),
  'es.weak-map.get-or-insert-computed': () => method(WeakMap.prototype, 'getOrInsertComputed'),
  'es.math.sum-precise': () => method(Math, 'sumPrecise'),
  'es.promise.try': () => method(Promise, 'try'),
  'es.promise.with-resolvers': () => method(Promise, 'withResolvers'),
  'es.set.difference.v2': () => method(Set.prototype, 'difference'),
  'es.set.intersection.v2': () => method(Set.prototype, 'intersection'),
  'es.set.is-disjoint-from.v2': () => method(Set.prototype, 'isDisjointFrom'),
  'es.set.is-subset-of.v2': () => method(Set.prototype, 'isSubsetOf'),
  'es.set.is-superset-of.v2': () => method(Set.prototype, 'isSupersetOf'),
  'es.set.symmetric-difference.v2': () => method(Set.prototype, 'symmetricDifference'),
  'es.set.union.v2': () => method(Set.prototype, 'union'),
  'es.typed-array.with': () => method(Uint8Array.prototype, 'with'),
  'es.uint8-array.from-base64': () => method(Uint8Array, 'fromBase64'),
  'es.uint8-array.from-hex': () => method(Uint8Array, 'fromHex'),
  'es.uint8-array.set-from-base64': () => method(Uint8Array.prototype, 'setFromBase64'),
  'es.uint8-array.set-from-hex': () => method(Uint8Array.prototype, 'setFromHex'),
  'es.uint8-array.to-base64': () => method(Uint8Array.prototype, 'toBase64'),
  'es.uint8-array.to-hex': () => method(Uint8Array.prototype, 'toHex'),
  'web.url.parse': () => method(URL, 'parse'),
  'web.url-search-params.size': () => 'size' in URLSearchParams.prototype,
};

/**
 * Polyfills of the legacy build that correct details of features every supported browser has
 * (the length `push` sets, JSON's handling of lone surrogates and source text, an error's stack,
 * the optional value of `has` and `delete`, `self` in a worker): the modern build runs without them.
 */
export const REFINEMENTS_PDFJS_DOES_WITHOUT = [
  'es.array.push',
  'es.json.parse',
  'es.json.stringify',
  'web.dom-exception.stack',
  'web.self',
  'web.url-search-params.delete',
  'web.url-search-params.has',
];

/** The modern build's needs this browser lacks; none, and the modern build runs here. */
export function missingModernPdfjsFeatures(): string[] {
  return Object.entries(MODERN_PDFJS_NEEDS)
    .filter(([, present]) => !present())
    .map(([name]) => name);
}
