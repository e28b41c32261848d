/**
 * What the document says of the characters of a name or a free text: the rule itself is
 * libs/domain's textCharacterViolations.
 */
export const NAME_CHARACTERS =
  'Written as on the identity document, in any script; no control characters (tabs, line breaks), bidirectional controls, invisible formatting characters or emoji (400 naming the field)';

export const FREE_TEXT_CHARACTERS =
  'No control characters (tabs, line breaks) or bidirectional controls (400 naming the field)';

/** "Given names (required for individuals). Written as on ...". */
export const withNameRule = (description: string) => `${description}. ${NAME_CHARACTERS}`;
