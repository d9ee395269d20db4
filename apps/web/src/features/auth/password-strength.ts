/** A zxcvbn score: 0 (very weak) to 4 (very strong). */
export type StrengthScore = 0 | 1 | 2 | 3 | 4;

export type StrengthEstimator = (password: string, userInputs: string[]) => StrengthScore;

let estimator: Promise<StrengthEstimator> | null = null;

/**
 * zxcvbn and its dictionaries weigh several hundred kilobytes, so they load only when the
 * signup or reset form first needs a score, never on the login page.
 */
export function loadStrengthEstimator(): Promise<StrengthEstimator> {
  estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([core, common, english]) => {
    const factory = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
    });
    return (password, userInputs) => factory.check(password, userInputs).score;
  });
  return estimator;
}
